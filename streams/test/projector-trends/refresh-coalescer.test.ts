import { describe, expect, it } from 'vitest';
import { RefreshCoalescer } from '../../src/projector-trends/index';

describe('RefreshCoalescer', () => {
  it('merges requests made during a run into one follow-up run from the earliest day', async () => {
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const coalescer = new RefreshCoalescer(async (from) => {
      runs.push(from);
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = coalescer.request('2026-03-05');
    await new Promise((r) => setImmediate(r));
    const second = coalescer.request('2026-03-09');
    const third = coalescer.request('2026-03-02');
    release();
    await Promise.all([first, second, third]);
    expect(runs).toEqual(['2026-03-05', '2026-03-02']);
  });

  it('hands a failed run to its callers and keeps serving later requests', async () => {
    let fail = true;
    const coalescer = new RefreshCoalescer(async () => {
      if (fail) throw new Error('ClickHouse unavailable');
    });
    await expect(coalescer.request('2026-03-01')).rejects.toThrow('ClickHouse unavailable');
    fail = false;
    await expect(coalescer.request('2026-03-01')).resolves.toBeUndefined();
  });
});
