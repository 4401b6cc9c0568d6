export * from './categories';
export * from './events';
export * from './health';
export * from './product';
export * from './scan-result';
export * from './topics';
export * from './api/scan';
