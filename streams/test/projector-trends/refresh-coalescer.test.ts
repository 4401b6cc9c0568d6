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

  it('starts no run while a chunk is still being written, then covers every waiting chunk with one run', async () => {
    const runs: string[] = [];
    const coalescer = new RefreshCoalescer(async (from) => void runs.push(from));
    let finishWriting: () => void = () => undefined;
    const written = new Promise<void>((r) => (finishWriting = r));
    const settled: string[] = [];
    const second = coalescer.project(async (request) => {
      await written;
      await request('2026-03-04');
    }).then(() => settled.push('second'));
    const first = coalescer.project((request) => request('2026-03-05')).then(() => settled.push('first'));
    // a bounded window: the first chunk's request alone starts nothing while the second writes
    for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([]);
    expect(settled).toEqual([]);
    finishWriting();
    await Promise.all([first, second]);
    expect(runs).toEqual(['2026-03-04']);
  });

  it('lets the waiting run start when an open chunk ends without a request or fails', async () => {
    const runs: string[] = [];
    const coalescer = new RefreshCoalescer(async (from) => void runs.push(from));
    let failWriting: (err: Error) => void = () => undefined;
    const failed = coalescer.project(() => new Promise<void>((_, reject) => (failWriting = reject)));
    const nothing = coalescer.project(async () => 'nothing written');
    const waiting = coalescer.project((request) => request('2026-03-07'));
    await expect(nothing).resolves.toBe('nothing written');
    for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([]);
    failWriting(new Error('insert failed'));
    await expect(failed).rejects.toThrow('insert failed');
    await waiting;
    expect(runs).toEqual(['2026-03-07']);
  });

  it('runs a chunk that asks while a run is under way in the next run, not the current one', async () => {
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const coalescer = new RefreshCoalescer(async (from) => {
      runs.push(from);
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = coalescer.project((request) => request('2026-03-05'));
    await new Promise((r) => setImmediate(r));
    let secondDone = false;
    const second = coalescer.project((request) => request('2026-03-05')).then(() => (secondDone = true));
    release();
    await first;
    await second;
    expect(secondDone).toBe(true);
    expect(runs).toEqual(['2026-03-05', '2026-03-05']);
  });
});
