import { describe, expect, it } from 'vitest';
import { foldLatest, newestFirst, scanTimeOf } from '../../src/kafka/fold-latest';

const event = (eventId: string, scanTime: string, site = 1) => ({ eventId, payload: { scanTime, websiteId: site } });

describe('newestFirst', () => {
  const a = event('0000000a-0000-4000-8000-000000000000', '2026-11-01T00:00:00.000Z');
  const b = event('0000000B-0000-4000-8000-000000000000', '2026-11-01T00:00:00.000Z');
  const c = event('00000001-0000-4000-8000-000000000000', '2026-11-02T00:00:00.000Z');
  const d = event('000000ff-0000-4000-8000-000000000000', '2026-10-30T00:00:00.000Z');

  it('orders by scan time, then by lower-case event id, newest first', () => {
    expect(newestFirst([a, d, b, c], scanTimeOf, 10).map((e) => e.eventId)).toEqual([c.eventId, b.eventId, a.eventId, d.eventId]);
  });

  it('keeps the first `limit` and agrees with the fold order on which event is latest', () => {
    const events = [d, a, c, b];
    expect(newestFirst(events, scanTimeOf, 2)).toEqual([c, b]);
    expect(newestFirst(events, scanTimeOf, 0)).toEqual([]);
    expect(foldLatest([a, b], (e) => e.payload.websiteId, scanTimeOf)).toEqual(newestFirst([a, b], scanTimeOf, 1));
  });

  it('does not reorder its input', () => {
    const events = [d, a, c, b];
    newestFirst(events, scanTimeOf, 4);
    expect(events).toEqual([d, a, c, b]);
  });
});
