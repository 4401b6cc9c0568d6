import { describe, expect, it } from 'vitest';
import { postgresMemorySettings } from '../../src/embedded/postgres-memory';

const GB = 1024 ** 3;
const sharedBuffers = (total: number) => postgresMemorySettings(total).find((s) => s.startsWith('shared_buffers='));

describe('embedded Postgres memory settings', () => {
  it('give shared buffers an eighth of the memory, between 128 MB and 2 GB', () => {
    expect(sharedBuffers(0.5 * GB)).toBe('shared_buffers=128MB');
    expect(sharedBuffers(8 * GB)).toBe('shared_buffers=1024MB');
    expect(sharedBuffers(24 * GB)).toBe('shared_buffers=2048MB');
    expect(sharedBuffers(256 * GB)).toBe('shared_buffers=2048MB');
  });

  it('pass every setting as a -c option', () => {
    const args = postgresMemorySettings(8 * GB);
    expect(args.filter((_, i) => i % 2 === 0).every((flag) => flag === '-c')).toBe(true);
    expect(args).toContain('max_wal_size=4GB');
  });
});
