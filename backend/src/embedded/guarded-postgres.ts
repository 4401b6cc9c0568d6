import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { programFile } from '@mcp-census/streams/platform/programs';
import type { OsUser } from './postgres-os-user';

const announcement = z.object({ pid: z.number().int().positive() });

export interface GuardedPostgres {
  /** The guardian: PostgreSQL's output arrives on its stderr, its exit is PostgreSQL's. */
  child: ChildProcess;
  /** PostgreSQL's own pid, once spawned. */
  postgresPid: Promise<number>;
  /** Asks for a fast shutdown and resolves once PostgreSQL and its guardian are gone. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Spawns PostgreSQL through postgres-guardian.mjs, in a process group of its
 * own (a terminal's Ctrl-C does not reach it before the app has drained). The
 * guardian's stdin is a pipe from this process: closing it (stop(), or the
 * kernel when this process dies, kill -9 included) shuts PostgreSQL down.
 */
export function spawnGuardedPostgres(opts: { command: string; args: string[]; osUser: OsUser | undefined; graceMs: number }): GuardedPostgres {
  const config = { command: opts.command, args: opts.args, graceMs: opts.graceMs, ...(opts.osUser ?? {}) };
  // Plain JavaScript: it needs no loader, from the source or from backend/dist.
  const child = spawn(process.execPath, [programFile('postgres-guardian'), JSON.stringify(config)], {
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  // Stopping closes this pipe; an EPIPE on it is no error of ours.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const postgresPid = new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        resolve(announcement.parse(JSON.parse(line)).pid);
      } catch {
        reject(new Error(`unexpected output from the PostgreSQL guardian: ${line.slice(0, 200)}`));
      }
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error('the PostgreSQL guardian exited before starting PostgreSQL')));
  });
  postgresPid.catch(() => undefined); // observed by the caller; never an unhandled rejection

  return {
    child,
    postgresPid,
    async stop(timeoutMs) {
      child.stdin?.end();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (timedOut && child.pid) {
        // Last resort: the whole group, PostgreSQL included (WAL replay at the next start).
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }
    },
  };
}
