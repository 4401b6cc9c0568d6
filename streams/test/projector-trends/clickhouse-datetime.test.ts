import { describe, expect, it } from 'vitest';
import { isoToClickHouseDateTime, toClickHouseDateTime } from '../../src/projector-trends/project-scan-facts';

describe('isoToClickHouseDateTime', () => {
  it.each([
    '2026-04-09T10:11:12.345Z',
    '2026-12-31T23:59:59.999Z',
    '2026-04-09T10:11:12Z',
    '2026-04-09T12:11:12.5+02:00',
    '2026-04-09T00:30:00.000-05:00',
  ])('writes %s as the Date-based conversion does', (iso) => {
    expect(isoToClickHouseDateTime(iso)).toBe(toClickHouseDateTime(new Date(iso)));
  });

  it('gives UTC for an offset time', () => {
    expect(isoToClickHouseDateTime('2026-04-09T01:00:00.000+02:00')).toBe('2026-04-08 23:00:00.000');
  });
});
