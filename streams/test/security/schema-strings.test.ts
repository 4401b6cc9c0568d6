import { describe, expect, it } from 'vitest';
import { schemaStrings, SCHEMA_WALK_LIMITS, siteSchemaBudget } from '../../src/security/schema-strings';

const schema = () => ({
  type: 'object',
  properties: {
    query: { type: 'string', description: 'What to look for' },
    mode: { type: 'string', enum: ['fast', 'exact'], default: 'fast' },
  },
  required: ['query'],
});

describe('schemaStrings, walked once per schema object', () => {
  it('gives a repeated walk the same strings and charges the budget each time', () => {
    const s = schema();
    const budget = siteSchemaBudget();
    const first = schemaStrings(s, budget);
    const spent = siteSchemaBudget().remaining - budget.remaining;
    expect(spent).toBeGreaterThan(0);
    const again = schemaStrings(s, budget);
    expect(again).toEqual(first);
    expect(siteSchemaBudget().remaining - budget.remaining).toBe(2 * spent);
    // an equal object walked afresh agrees with the reused walk
    expect(schemaStrings(schema())).toEqual(first);
    expect(first.map((x) => x.value)).toEqual(expect.arrayContaining(['query', 'What to look for', 'fast', 'exact']));
  });

  it('never serves a walk the budget cut short, nor a full walk to a nearly spent budget', () => {
    const s = schema();
    const full = schemaStrings(s).length;
    const short = schemaStrings(s, { remaining: 12 });
    expect(short.length).toBeLessThan(full);
    expect(short.reduce((n, x) => n + x.value.length, 0)).toBeLessThanOrEqual(12 + SCHEMA_WALK_LIMITS.maxStringChars);
    expect(schemaStrings(s)).toHaveLength(full);

    const other = schema();
    const shortFirst = schemaStrings(other, { remaining: 12 });
    expect(shortFirst).toEqual(short);
    expect(schemaStrings(other)).toHaveLength(full);
  });
});
