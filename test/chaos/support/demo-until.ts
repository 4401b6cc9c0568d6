import { waitFor } from '../../support/wait-for';
import { spawnDemo, type DemoEnv } from './product-process';


export interface DemoUntil {
  pid: number;
  output(): string;
  /** kill -9 of the whole process group. */
  crash(): Promise<void>;
  /** SIGTERM, then the exit code. */
  terminate(): Promise<number | null>;
}

/**
 * Starts `npm run demo` as its own process group, like startDemo(), but
 * resolves at the first output matching `until` (a moment before ready, such
 * as mid-replay), with a deadline of its own: a first start with a simulated
 * history is ready only once the history is projected.
 */
export async function startDemoUntil(env: DemoEnv, until: RegExp, timeoutMs: number): Promise<DemoUntil & { match: RegExpExecArray }> {
  const child = spawnDemo(env, { LOG_FORMAT: 'json' });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exitCode = code), resolve())));
  const pid = child.pid ?? 0;
  const run: DemoUntil = {
    pid,
    output: () => output,
    async crash() {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
      await exited;
    },
    async terminate() {
      if (exitCode === undefined) child.kill('SIGTERM');
      await exited;
      return exitCode ?? null;
    },
  };
  try {
    const match = await waitFor(
      `the demo to print ${until}`,
      () => {
        if (exitCode !== undefined) throw new Error(`demo exited (${exitCode}):\n${output.slice(-4000)}`);
        return until.exec(output) ?? undefined;
      },
      (m) => m !== undefined,
      { timeoutMs, intervalMs: 50 },
    );
    return { ...run, match: match! };
  } catch (err) {
    await run.crash();
    throw new Error(`${(err as Error).message}\n${output.slice(-4000)}`, { cause: err });
  }
}
