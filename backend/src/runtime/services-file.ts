import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isProcessAlive } from '../util/process-alive';

/**
 * `$DATA_DIR/services.json`: how to reach the embedded services of the process
 * that owns a DATA_DIR. The owner (re)writes it once its services are ready,
 * migrated and have their topics; role processes started with
 * EMBEDDED_SERVICES=join read it instead of starting their own. It holds the
 * PostgreSQL password, so it is written 0600. It stays after a stop: its ports
 * are reused by the next start, so joiners that kept running reconnect.
 */
const servicesSchema = z.object({
  version: z.literal(1),
  /** The owner process; joiners wait while it is not alive. */
  pid: z.number().int().positive(),
  postgres: z.object({ url: z.string().url() }).optional(),
  clickhouse: z.object({ url: z.string().url() }).optional(),
  kafka: z.object({ brokers: z.array(z.string().min(1)).min(1) }).optional(),
  /** The simulated web served by the owner (`npm run demo`), for scanner processes of their own. */
  simulatedWeb: z.object({ port: z.number().int().positive(), sites: z.number().int().positive(), seed: z.number().int() }).optional(),
});
export type ServicesFile = z.infer<typeof servicesSchema>;

export function servicesFilePath(dataDir: string): string {
  return path.join(dataDir, 'services.json');
}

export async function writeServicesFile(dataDir: string, content: ServicesFile): Promise<void> {
  const file = servicesFilePath(dataDir);
  await writeFile(`${file}.tmp`, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

/** The file's content, or undefined when there is none (a corrupt file is an error). */
export async function readServicesFile(dataDir: string): Promise<ServicesFile | undefined> {
  let raw: string;
  try {
    raw = await readFile(servicesFilePath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const parsed = servicesSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${servicesFilePath(dataDir)} is not a valid services file: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/**
 * Waits until the owner of DATA_DIR is running and has published its
 * services (it may be starting, or restarting after a crash).
 */
export async function waitForLiveServices(dataDir: string, opts: { timeoutMs: number; onWait?: () => void }): Promise<ServicesFile> {
  const deadline = Date.now() + opts.timeoutMs;
  let announced = false;
  for (;;) {
    const content = await readServicesFile(dataDir).catch(() => undefined); // half-written: read again
    if (content && isProcessAlive(content.pid)) return content;
    if (Date.now() > deadline) {
      throw new Error(`no running MCP Census process owns the embedded services of ${dataDir} (${servicesFilePath(dataDir)}); start one without EMBEDDED_SERVICES=join first`);
    }
    if (!announced) opts.onWait?.();
    announced = true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The port a URL or `host:port` names, if any. */
export function portOf(address: string | undefined): number | undefined {
  if (!address) return undefined;
  const match = /:(\d{1,5})(?:\/|$)/.exec(address.replace(/^[a-z]+:\/\/[^@/]*@/i, '//'));
  return match ? Number(match[1]) : undefined;
}
