import pg from 'pg';
import type { Logger } from '@mcp-census/streams/platform/logger';

/**
 * Asks the embedded PostgreSQL for a checkpoint on a connection of its own and does not wait
 * for it. A start-up that applied migrations leaves hundreds of relation files written but not
 * yet synced; without this, the first stop's shutdown checkpoint syncs them all (1-2 s on an
 * idle machine, over 5 s on a loaded one). Done here, in the background, a stop soon after start
 * syncs only what the census wrote since. A failure (a stop that closes the connection first)
 * costs nothing: the shutdown checkpoint does the work instead.
 */
export function checkpointInBackground(url: string, log: Logger): void {
  const client = new pg.Client({ connectionString: url, application_name: 'mcp-census-start-up-checkpoint' });
  // a fast shutdown ends this connection mid-command: an error event, not a crash
  client.on('error', () => undefined);
  const started = Date.now();
  void (async () => {
    try {
      await client.connect();
      await client.query('CHECKPOINT');
      log.debug(`start-up checkpoint took ${Date.now() - started} ms`);
    } catch (err) {
      log.debug({ err }, 'start-up checkpoint not completed (the shutdown checkpoint covers it)');
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
}
