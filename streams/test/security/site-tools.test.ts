import { describe, expect, it } from 'vitest';
import {
  detectFullSchemaPoisoning,
  detectInstructionSteganography,
  detectSiteFindings,
  detectToolPoisoning,
  FULL_SCHEMA_POISONING,
  INSTRUCTION_STEGANOGRAPHY,
  TOOL_POISONING,
} from '../../src/security/index';
import { SCHEMA_WALK_LIMITS, SITE_SCHEMA_CHAR_BUDGET } from '../../src/security/schema-strings';
import { mcpSite, objectSchema, ofTechnique, tool } from './helpers';

/**
 * detectSiteFindings walks each tool's schema once and shares the walk between
 * T1001, T1402 and T1501; each of them used to walk with a site budget of its
 * own. A site past the budget shows whether the shared walk still gives every
 * detector the strings it read on its own, no more and no fewer.
 */
describe('one schema walk per site, shared by the detectors', () => {
  // Each schema fills a whole walk (SCHEMA_WALK_LIMITS.maxChars); the tricks sit in its first strings.
  const filler = 'x'.repeat(SCHEMA_WALK_LIMITS.maxStringChars - 1);
  const tools = Array.from({ length: Math.ceil(SITE_SCHEMA_CHAR_BUDGET / SCHEMA_WALK_LIMITS.maxChars) + 8 }, (_, i) =>
    tool(`tool_${i}`, {
      description: 'Looks things up.',
      inputSchema: objectSchema({
        token: { type: 'string', default: '${API_KEY}', description: `Zero\u200Bwidth ${i}` },
        ...Object.fromEntries(Array.from({ length: 12 }, (__, k) => [`p${k}`, { type: 'string', description: filler }])),
      }),
    }),
  );
  const result = mcpSite({ authRequired: true, tools });
  const site = detectSiteFindings({ websiteId: 3, result, previous: null });

  it.each([
    [FULL_SCHEMA_POISONING, () => detectFullSchemaPoisoning(3, tools)],
    [TOOL_POISONING, () => detectToolPoisoning(3, result)],
    [INSTRUCTION_STEGANOGRAPHY, () => detectInstructionSteganography(3, result)],
  ])('%s: the same findings as the detector run alone', (technique, alone) => {
    expect(ofTechnique(site, technique)).toEqual(alone());
  });

  it('the budget still stops the walk: tools past it have no schema findings', () => {
    const flagged = ofTechnique(site, FULL_SCHEMA_POISONING).length;
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThan(tools.length);
    expect(ofTechnique(site, TOOL_POISONING)).toHaveLength(flagged);
  });
});
