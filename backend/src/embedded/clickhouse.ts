/**
 * Embedded ClickHouse for when CLICKHOUSE_URL is unset: forks
 * ./clickhouse-http-server.ts (or its bundle) (the chdb engine behind ClickHouse's HTTP
 * interface) and hands back its loopback URL, so the app talks to it with
 * @clickhouse/client exactly as to a real server.
 *
 * Lifecycle: the child reports its port over IPC; stop() asks it to shut down
 * (it closes the engine so data is flushed), then SIGKILLs after a timeout. If
 * the child dies on its own it is logged and restarted on the same port (a
 * bounded number of times), so the URL the app holds stays valid. The child
 * exits by itself when this process goes away (IPC disconnect).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { silentLogger, type Logger } from '@mcp-census/streams/platform/logger';
import { programExecArgv, programFile } from '@mcp-census/streams/platform/programs';
import { ChildMessageSchema, type ParentMessage, type ServerConfig } from './clickhouse-http/ipc';

export interface EmbeddedClickHouse {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Pid of the current child (changes after a crash restart). */
  readonly pid: number;
  /** Engine version (`SELECT version()`). */
  version: string;
  stop(): Promise<void>;
}

const OptionsSchema = z.object({
  dataDir: z.string().min(1),
  port: z.number().int().min(0).max(65535).optional(),
  log: z.custom<Logger>((v) => typeof v === 'object' && v !== null && typeof (v as Logger).child === 'function').optional(),
  /** Request body cap (default 256 MiB); larger requests are answered 413. */
  maxBodyBytes: z.number().int().positive().optional(),
  maxConcurrentQueries: z.number().int().positive().max(64).optional(),
  /** Restart the child when it dies unexpectedly (default true). */
  restartOnCrash: z.boolean().default(true),
  startTimeoutMs: z.number().int().positive().default(60_000),
  stopTimeoutMs: z.number().int().positive().default(15_000),
});
export type EmbeddedClickHouseOptions = z.input<typeof OptionsSchema>;

const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

interface Started {
  child: ChildProcess;
  port: number;
  version: string;
  startupMs: number;
}

/** A line the engine process printed: its own pino JSON at its level; anything else (runtime warnings, native output) at debug, as before. */
const EngineLineSchema = z.looseObject({ level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']), msg: z.string() });

function relayEngineLine(log: Logger, line: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  const entry = EngineLineSchema.safeParse(parsed);
  if (!entry.success) {
    log.debug(`engine: ${line}`);
    return;
  }
  const { level, msg, time: _time, pid, ...fields } = entry.data;
  log[level]({ ...fields, enginePid: pid }, msg);
}

function spawnServer(config: ServerConfig, log: Logger, timeoutMs: number): Promise<Started> {
  // clickhouse-http-server.ts under tsx, or its bundle when this process runs compiled.
  const child = fork(programFile('clickhouse-http-server'), [JSON.stringify(config)], {
    execArgv: programExecArgv(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'json',
  });
  const tail: string[] = [];
  const forward = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      relayEngineLine(log, line);
    });
  };
  forward(child.stdout);
  forward(child.stderr);

  return new Promise<Started>((resolve, reject) => {
    const fail = (reason: string) => {
      cleanup();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      reject(new Error(`embedded ClickHouse failed to start: ${reason}${tail.length ? `\n${tail.join('\n')}` : ''}`));
    };
    const onMessage = (raw: unknown) => {
      const msg = ChildMessageSchema.safeParse(raw);
      if (!msg.success) return;
      if (msg.data.type === 'fatal') fail(msg.data.message);
      else {
        cleanup();
        resolve({ child, port: msg.data.port, version: msg.data.version, startupMs: msg.data.startupMs });
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`process exited (code ${code}, signal ${signal})`);
    const onError = (err: Error) => fail(err.message);
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

export async function startEmbeddedClickHouse(options: EmbeddedClickHouseOptions): Promise<EmbeddedClickHouse> {
  const opts = OptionsSchema.parse(options);
  const log = opts.log ?? silentLogger();
  const dataDir = path.resolve(opts.dataDir);
  const config = (port: number): ServerConfig => ({
    dataDir,
    port,
    ...(opts.maxBodyBytes !== undefined ? { maxBodyBytes: opts.maxBodyBytes } : {}),
    ...(opts.maxConcurrentQueries !== undefined ? { maxConcurrentQueries: opts.maxConcurrentQueries } : {}),
  });

  const first = await spawnServer(config(opts.port ?? 0), log, opts.startTimeoutMs);
  const port = first.port;
  log.debug(`embedded ClickHouse (chdb ${first.version}) listening on 127.0.0.1:${port}, pid ${first.child.pid}, started in ${first.startupMs} ms`);

  let child = first.child;
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const restarts: number[] = [];

  // Synchronous last resort when this process exits without stop(); the child
  // also notices the closed IPC channel and shuts itself down.
  const onParentExit = () => {
    if (child.connected) child.disconnect();
  };
  process.once('exit', onParentExit);

  const watch = (c: ChildProcess) => {
    // An 'error' without a listener would throw in this (the app's) process.
    c.on('error', (err) => log.error({ err }, `embedded ClickHouse (pid ${c.pid}) process error`));
    c.once('exit', (code, signal) => {
      if (stopping || c !== child) return;
      log.warn(`embedded ClickHouse (pid ${c.pid}) exited unexpectedly (code ${code}, signal ${signal})`);
      const now = Date.now();
      while (restarts.length > 0 && now - (restarts[0] as number) > RESTART_WINDOW_MS) restarts.shift();
      if (!opts.restartOnCrash || restarts.length >= MAX_RESTARTS) {
        log.error('embedded ClickHouse is not restarted; queries will fail until the app restarts');
        return;
      }
      restarts.push(now);
      restarting = (async () => {
        // A short pause lets the OS release the port and the data directory.
        await new Promise((r) => setTimeout(r, 250));
        if (stopping) return;
        try {
          const next = await spawnServer(config(port), log, opts.startTimeoutMs);
          if (stopping) {
            next.child.kill('SIGTERM');
            return;
          }
          child = next.child;
          watch(child);
          log.info(`embedded ClickHouse restarted, pid ${child.pid}`);
        } catch (err) {
          log.error({ err }, 'embedded ClickHouse restart failed');
        }
      })().finally(() => {
        restarting = undefined;
      });
    });
  };
  watch(child);

  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    version: first.version,
    get pid() {
      return child.pid ?? 0;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        await restarting;
        process.removeListener('exit', onParentExit);
        const c = child;
        if (c.exitCode !== null || c.signalCode !== null) return;
        try {
          if (c.connected) c.send({ type: 'shutdown' } satisfies ParentMessage);
          else c.kill('SIGTERM');
        } catch {
          // The channel closed in between; without it the child obeys SIGTERM at once.
          c.kill('SIGTERM');
        }
        if (!(await waitForExit(c, opts.stopTimeoutMs))) {
          log.warn(`embedded ClickHouse (pid ${c.pid}) did not stop in ${opts.stopTimeoutMs} ms; killing it`);
          c.kill('SIGKILL');
          await waitForExit(c, 5_000);
        }
        log.debug('embedded ClickHouse stopped');
      })();
      return stopped;
    },
  };
}
