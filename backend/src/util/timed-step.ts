import type { Logger } from '@mcp-census/streams/platform/logger';

/**
 * Runs one shutdown step and logs (debug) how long it took, so a slow stop
 * can be traced to the step that holds it up. Errors propagate unchanged.
 */
export async function timedStep<T>(log: Logger, label: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    log.debug(`shutdown: ${label} took ${Date.now() - started} ms`);
  }
}
