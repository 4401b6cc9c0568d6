import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { z } from 'zod';
import type { RuntimeStage } from './dockerfile';
import { request } from './http';

export interface ProductionServer {
  url: string;
  startMs: number;
  output(): string;
  /** SIGTERM to the server alone (as `docker stop`), then waits for it; `leftovers`: its process group outlived it. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; leftovers: boolean }>;
  /** SIGKILL to the whole group, if anything of it still runs (cleanup after a failure). */
  kill(): Promise<void>;
}

/** The line the server logs once it listens (PORT=0: the port it was given). */
const READY = /ready on http:\/\/localhost:(\d+)/;

const healthSchema = z.looseObject({ dependencies: z.record(z.string(), z.looseObject({ status: z.string() })) });

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the stage's CMD in `dir`, in a process group of its own, with the
 * stage's ENV but a temp DATA_DIR, PORT=0 and JSON logs; resolves once /healthz,
 * on the port its ready line names, answers with every dependency (PostgreSQL,
 * ClickHouse, Kafka) ok. The server takes its port itself: a port picked here and
 * released could be taken first by one of its embedded servers, which also listen
 * on free loopback ports.
 * The scanner may be reported offline: the check runs without the internet.
 */
export async function startProductionServer(o: { stage: RuntimeStage; dir: string; dataDir: string; readyTimeoutMs: number }): Promise<ProductionServer> {
  await mkdir(o.dataDir, { recursive: true });
  const [node, ...args] = o.stage.cmd;
  if (node !== 'node') throw new Error(`CMD must start node, not ${node}`);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...o.stage.env, DATA_DIR: o.dataDir, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json' };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: o.dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let done = false;
  void exited.then(() => (done = true));
  const pgid = child.pid ?? 0;
  const server: ProductionServer = {
    url: '',
    startMs: 0,
    output: () => output,
    async stop() {
      if (!done) child.kill('SIGTERM');
      const result = await exited;
      return { ...result, leftovers: groupAlive(pgid) };
    },
    async kill() {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
      if (!done) await exited;
    },
  };

  const deadline = Date.now() + o.readyTimeoutMs;
  let last: string;
  while (!done) {
    try {
      const port = READY.exec(output)?.[1];
      if (!port) throw new Error('not listening yet');
      server.url = `http://127.0.0.1:${port}`;
      const res = await request(`${server.url}/healthz`, { timeoutMs: 5_000 });
      const health = healthSchema.parse(JSON.parse(res.body.toString('utf8')));
      const notOk = Object.entries(health.dependencies).filter(([, d]) => d.status !== 'ok');
      if (notOk.length === 0) {
        server.startMs = Math.round(performance.now() - started);
        return server;
      }
      last = `not ok: ${notOk.map(([name, d]) => `${name} ${d.status}`).join(', ')}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`not healthy within ${o.readyTimeoutMs} ms (${last}):\n${output.slice(-3000)}`);
    }
    // Polls the condition (the server's own answer); the pause only spaces the polls.
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`exited during start-up (${JSON.stringify(await exited)}):\n${output.slice(-3000)}`);
}
