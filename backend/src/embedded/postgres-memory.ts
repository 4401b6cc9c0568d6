import os from 'node:os';

const MB = 1024 * 1024;

/**
 * Server settings for the embedded Postgres from the machine's memory. Postgres' own
 * default of 128 MB of shared buffers holds a few hundred thousand sites' state: past that
 * every projected chunk reads its indexes back through the kernel. An eighth of the
 * memory (between 128 MB and 2 GB; pages are only taken as they are used) keeps a million
 * sites' hot indexes; 4 GB of WAL between checkpoints keeps a bulk projection from
 * checkpointing every few chunks.
 */
export function postgresMemorySettings(totalMemoryBytes: number = os.totalmem()): string[] {
  const sharedBuffersMb = Math.min(2048, Math.max(128, Math.floor(totalMemoryBytes / 8 / MB)));
  return ['-c', `shared_buffers=${sharedBuffersMb}MB`, '-c', 'max_wal_size=4GB'];
}
