/**
 * Child-process entry of the embedded ClickHouse: opens the chdb engine on a
 * data directory and serves the ClickHouse HTTP interface subset that
 * @clickhouse/client uses on 127.0.0.1. Started by ./clickhouse.ts with
 * `child_process.fork`; reports `{ type: 'listening', port }` over IPC.
 *
 * The engine lives in its own process because chdb binds one data directory
 * per process and runs queries on native threads: a crash or a runaway query
 * cannot take the app down, and killing this process releases the data dir.
 * It exits when the parent goes away (IPC disconnect), so it never outlives it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@mcp-census/streams/platform/logger';
import { ChdbEngine } from './clickhouse-http/engine';
import { createRequestHandler } from './clickhouse-http/http-handler';
import { ParentMessageSchema, ServerConfigSchema, type ChildMessage } from './clickhouse-http/ipc';

const SIGNAL_GRACE_MS = 30_000;

// JSON lines on stderr: the parent (clickhouse.ts) relays each into its own log at the line's level.
const log = createLogger({ level: 'debug', format: 'json', destination: process.stderr });

function send(msg: ChildMessage): void {
  if (process.connected && process.send) process.send(msg);
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = ServerConfigSchema.parse(JSON.parse(process.argv[2] ?? process.env.CLICKHOUSE_EMBEDDED_CONFIG ?? '{}'));
  const engine = await ChdbEngine.open(config.dataDir, { maxConcurrentQueries: config.maxConcurrentQueries });

  const server = http.createServer(createRequestHandler({ engine, maxBodyBytes: config.maxBodyBytes, log }));
  // Longer than @clickhouse/client's idle-socket TTL (2.5 s) so the server never
  // closes a socket the client is about to reuse.
  server.keepAliveTimeout = 10_000;
  server.headersTimeout = 60_000;
  server.requestTimeout = 0;
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: config.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let shuttingDown = false;
  const shutdown = async (reason: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.debug(`shutting down (${reason})`);
    server.close();
    server.closeIdleConnections();
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    try {
      await engine.close(config.shutdownTimeoutMs);
    } catch (err) {
      log.error({ err }, 'engine close failed');
    }
    server.closeAllConnections();
    process.exit(0);
  };

  // Ctrl-C or a service manager signals the whole process group; while the
  // parent is alive it may still be flushing through us, so it decides when we
  // stop (IPC 'shutdown' or disconnect), with a deadline in case it never does.
  const onSignal = (signal: NodeJS.Signals) => {
    if (!process.connected) {
      void shutdown(signal);
      return;
    }
    log.debug(`${signal} received; waiting for the parent to stop us`);
    setTimeout(() => void shutdown(`${signal}, parent did not stop us`), SIGNAL_GRACE_MS).unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // The parent died or dropped us: never keep the data dir locked as an orphan.
  process.on('disconnect', () => void shutdown('parent disconnected'));
  process.on('message', (msg: unknown) => {
    if (ParentMessageSchema.safeParse(msg).success) void shutdown('requested by parent');
  });
  if (process.send === undefined) log.warn('started without an IPC channel; stop it with SIGTERM');

  send({ type: 'listening', port, version: engine.version, startupMs: Date.now() - started });
  log.debug(`serving chdb ${engine.version} on http://127.0.0.1:${port} (data in ${config.dataDir})`);
}

// Request handlers catch their own errors; anything reaching here means the
// process state is unknown, so exit and let the parent decide on a restart.
process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'uncaught exception');
  process.exit(70);
});
process.on('unhandledRejection', (err) => {
  log.fatal({ err }, 'unhandled rejection');
  process.exit(70);
});

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  log.fatal({ err }, 'failed to start');
  send({ type: 'fatal', message });
  // Let the IPC message flush before exiting.
  setTimeout(() => process.exit(1), 50);
});
