import { PRODUCT_NAME } from '@mcp-census/schemas';
import { loadConfig, orExitOnConfigError } from './config/config';
import { runUntilSignalled } from './runtime/process-lifecycle';
import { createLogger } from '@mcp-census/streams/platform/logger';

const config = orExitOnConfigError(() => loadConfig());

const log = createLogger({ level: config.logLevel, format: config.logFormat });
log.info(`${PRODUCT_NAME} starting (roles: ${config.roles.join(', ')}; data in ${config.dataDir})`);
await runUntilSignalled(async () => {
  // Loaded after the configuration is known to be valid, so a bad variable fails fast.
  const { startCensus } = await import('./runtime/census-server');
  return startCensus(config, log);
}, log);
