import { describe, expect, it } from 'vitest';
import { ACCESS_FALLBACK_TOTAL, accessTabParam, parseAccessTab } from '../src/lib/access-tabs';

describe('access page ?tab=', () => {
  it('opens Discovery Data on the named sub-tab for tools, resources, prompts and endpoints', () => {
    expect(parseAccessTab('tools')).toEqual({ tab: 'discovery', kind: 'tools' });
    expect(parseAccessTab('resources')).toEqual({ tab: 'discovery', kind: 'resources' });
    expect(parseAccessTab('prompts')).toEqual({ tab: 'discovery', kind: 'prompts' });
    expect(parseAccessTab('endpoints')).toEqual({ tab: 'discovery', kind: 'endpoints' });
  });
  it('opens the other tabs by key and falls back to Discovery Data', () => {
    expect(parseAccessTab('security').tab).toBe('security');
    expect(parseAccessTab('bogus')).toEqual({ tab: 'discovery', kind: 'endpoints' });
    expect(parseAccessTab(null)).toEqual({ tab: 'discovery', kind: 'endpoints' });
  });
  it('round-trips a selection through the address', () => {
    expect(accessTabParam({ tab: 'discovery', kind: 'prompts' })).toBe('prompts');
    expect(accessTabParam({ tab: 'examples', kind: 'tools' })).toBe('examples');
  });
  it('falls back to 10,469 websites', () => {
    expect(ACCESS_FALLBACK_TOTAL).toBe(10_469);
  });
});
