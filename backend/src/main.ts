import { PRODUCT_NAME } from '@mcp-census/schemas';
import { ConfigError, loadConfig, type AppConfig } from './config/config';
import { createLogger } from './util/logger';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const log = createLogger(config.logLevel);
const started = Date.now();
log.info(`${PRODUCT_NAME} starting (roles: ${config.roles.join(', ')}; data in ${config.dataDir})`);

// Signals are handled from the first moment: one arriving during start-up
// stops whatever has started once start-up settles, never leaving orphans.
let stop: (() => Promise<void>) | undefined;
let stopRequested = false;
let signals = 0;
const shutdown = (signal: NodeJS.Signals) => {
  signals += 1;
  if (signals > 1) {
    log.warn(`${signal} again: exiting without waiting`);
    process.exit(130);
  }
  log.info(`${signal} received: shutting down`);
  stopRequested = true;
  if (stop) void runStop(stop);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

async function runStop(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
    log.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    log.error(`shutdown failed: ${(err as Error).message}`);
    process.exit(1);
  }
}

try {
  // Loaded after the configuration is known to be valid, so a bad variable fails fast.
  const { startCensus } = await import('./runtime/census-server');
  const census = await startCensus(config, log);
  stop = () => census.stop();
  if (stopRequested) await runStop(stop);
  log.info(`${PRODUCT_NAME} ready on ${census.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  log.error(`start-up failed: ${(err as Error).message}`);
  process.exit(1);
}
