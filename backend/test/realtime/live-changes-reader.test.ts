import { describe, expect, it } from 'vitest';
import type { Change } from '@mcp-census/schemas';
import { createLiveChanges, LIVE_CHANGES_LOOKBACK } from '../../src/realtime/live-changes';
import type { LiveChangesSource } from '../../src/services/changes-feed-live';

const change = (id: number): Change => ({
  id,
  kind: 'adopted',
  occurredAt: '2026-05-01T10:00:00.000Z',
  website: { id: 7, name: 'Site', host: 'site.example', url: 'https://site.example', category: null },
  item: null,
  finding: null,
  link: '/website/7',
});

/** A table of change ids as readers see it: `visible` may lack ids still being committed. */
function source(visible: number[]): LiveChangesSource & { visible: number[] } {
  const s = {
    visible,
    latestId: () => Promise.resolve(Math.max(0, ...s.visible)),
    since: (afterId: number, limit: number) =>
      Promise.resolve(
        s.visible
          .filter((id) => id > afterId)
          .sort((a, b) => b - a)
          .slice(0, limit)
          .map(change),
      ),
  };
  return s;
}

describe('reading new changes for /live', () => {
  it('reads nothing before it starts, then only what came after the start', async () => {
    const src = source([1, 2, 3]);
    const live = createLiveChanges(src);
    expect(await live.next()).toBeUndefined();
    await live.start();
    expect(await live.next()).toBeUndefined();
    src.visible.push(4, 5);
    const event = await live.next();
    expect(event?.changes.map((c) => c.id)).toEqual([5, 4]);
    expect(event?.changesSeq).toBe(1);
    live.commit(event!);
    expect(live.seq).toBe(1);
    expect(await live.next()).toBeUndefined();
  });

  it('still pushes a change committed after a newer one (out of id order), once', async () => {
    const src = source([1]);
    const live = createLiveChanges(src);
    await live.start();
    src.visible.push(3); // id 2 is still being committed by another projector
    live.commit((await live.next())!);
    src.visible.push(2);
    const late = await live.next();
    expect(late?.changes.map((c) => c.id)).toEqual([2]);
    expect(late?.changesSeq).toBe(2);
  });

  it('sends the newest 50 and says truncated when more came at once', async () => {
    const src = source([]);
    const live = createLiveChanges(src);
    await live.start();
    src.visible.push(...Array.from({ length: 80 }, (_, i) => i + 1));
    const event = await live.next();
    expect(event?.changes).toHaveLength(50);
    expect(event?.changes[0]?.id).toBe(80);
    expect(event?.truncated).toBe(true);
    expect(LIVE_CHANGES_LOOKBACK).toBeGreaterThan(0);
  });

  it('forgets where it was when stopped (no socket left)', async () => {
    const src = source([1]);
    const live = createLiveChanges(src);
    await live.start();
    live.stop();
    src.visible.push(2);
    expect(await live.next()).toBeUndefined();
    await live.start();
    expect(await live.next()).toBeUndefined();
  });
});
