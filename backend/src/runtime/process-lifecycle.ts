import { PRODUCT_NAME } from '@mcp-census/schemas';
import type { Logger } from '@mcp-census/streams/platform/logger';

/**
 * Runs a start function and stops what it started on SIGINT/SIGTERM. Signals
 * are handled from the first moment: one arriving during start-up stops
 * whatever started once start-up settles, never leaving orphans. A second
 * signal exits at once.
 */
export async function runUntilSignalled(start: () => Promise<{ url: string; stop(): Promise<void> }>, log: Logger): Promise<void> {
  const started = Date.now();
  let stop: (() => Promise<void>) | undefined;
  let stopRequested = false;
  let signals = 0;

  const runStop = async (fn: () => Promise<void>) => {
    try {
      await fn();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    log.info(`${signal} received: shutting down`);
    stopRequested = true;
    if (stop) void runStop(stop);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const running = await start();
    stop = () => running.stop();
    if (stopRequested) return runStop(stop);
    log.info(`${PRODUCT_NAME} ready on ${running.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    log.error({ err }, 'start-up failed');
    process.exit(1);
  }
}
