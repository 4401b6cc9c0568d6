import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive, processCommandLine } from '../util/process-alive';

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * One process at a time owns the embedded services of a DATA_DIR. Without
 * this, a second start would take the first one's live PostgreSQL for an
 * orphan left by a crash and stop it. A lock whose owner is gone (kill -9)
 * is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'census.pid');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return {
        async release() {
          const owner = await readOwner(file);
          if (owner === process.pid) await unlink(file).catch(() => undefined);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await readOwner(file);
      if (owner !== undefined && owner !== process.pid && isProcessAlive(owner) && (await looksLikeNode(owner))) {
        throw new Error(`${dataDir} is in use by another MCP Census process (pid ${owner}); stop it first or choose another DATA_DIR`, { cause: err });
      }
      await unlink(file).catch(() => undefined); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

async function readOwner(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function looksLikeNode(pid: number): Promise<boolean> {
  const cmdline = await processCommandLine(pid);
  // Where /proc is unavailable, trust the live pid.
  return cmdline === undefined || /node|tsx/.test(cmdline);
}
