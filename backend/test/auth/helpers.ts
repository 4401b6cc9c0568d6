export { captureLog } from '../../../test/support/test-logger';
