import { describe, expect, it } from 'vitest';
import { SEVERITY_RULE_TEXTS, techniqueById } from '@mcp-census/schemas';
import * as security from '../../src/security/index';

/** Every technique id a detector can emit (the exported *_ID-style constants). */
const emitted = Object.values(security as Record<string, unknown>).filter((v): v is string => typeof v === 'string' && /^SAFE-T\d{4}$/.test(v));

describe('severity rules shown on the page', () => {
  it('cover every technique a detector emits, once, with the catalogue name', () => {
    expect(emitted.length).toBeGreaterThanOrEqual(10);
    const ids = SEVERITY_RULE_TEXTS.map((r) => r.techniqueId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...new Set(emitted)].sort());
    for (const r of SEVERITY_RULE_TEXTS) expect(r.rule.startsWith(`${techniqueById(r.techniqueId)?.name.split(' ')[0]}`)).toBe(true);
  });
});
