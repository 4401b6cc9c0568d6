/** This deployment's address, for copyable examples. */
export const siteOrigin = (): string => (typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin);
