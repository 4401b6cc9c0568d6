import { CATEGORIES } from '@mcp-census/schemas';
import { describe, expect, it } from 'vitest';
import { resolveCategory, validateRow } from '../../src/catalogue/validate-row';

describe('resolveCategory', () => {
  it('accepts every category in any case', () => {
    for (const c of CATEGORIES) {
      expect(resolveCategory(c)).toBe(c);
      expect(resolveCategory(c.toUpperCase())).toBe(c);
      expect(resolveCategory(` ${c.toLowerCase()} `)).toBe(c);
    }
  });

  it.each([
    ['Ecommerce', 'E-commerce'],
    ['e-commerce', 'E-commerce'],
    ['E-Commerce', 'E-commerce'],
    ['e commerce', 'E-commerce'],
    ['Fintech', 'FinTech'],
    ['fin-tech', 'FinTech'],
    ['Social', 'Social Media'],
    ['social_media', 'Social Media'],
    ['Artificial Intelligence', 'AI'],
    ['dev tools', 'Development'],
    ['Healthcare', 'Health'],
    ['Analytics', 'Data'],
  ])('maps %s → %s', (alias, category) => {
    expect(resolveCategory(alias)).toBe(category);
  });

  it('leaves unknown spellings unresolved', () => {
    expect(resolveCategory('Crypto')).toBeUndefined();
    expect(resolveCategory('')).toBeUndefined();
    expect(resolveCategory('---')).toBeUndefined();
  });
});

describe('validateRow', () => {
  it('normalises a good row', () => {
    expect(validateRow({ name: '  Stripe \t Inc ', url: ' https://WWW.Stripe.com ', category: 'fintech' })).toEqual({
      ok: true,
      site: { name: 'Stripe Inc', url: 'https://www.stripe.com/', host: 'stripe.com', category: 'FinTech' },
    });
  });

  it('explains an unknown category, listing the valid ones', () => {
    const result = validateRow({ name: 'X', url: 'https://x.com', category: 'Crypto' });
    expect(result).toEqual({ ok: false, reason: `category "Crypto" is not one of: ${CATEGORIES.join(', ')}` });
  });

  it('requires a category', () => {
    const result = validateRow({ name: 'X', url: 'https://x.com', category: '  ' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^category is empty; use one of: E-commerce, Social Media/);
  });

  it('checks the name: trimmed, 1–200 characters, no control characters', () => {
    expect(validateRow({ name: '   ', url: 'https://x.com', category: 'AI' })).toEqual({ ok: false, reason: 'name is empty' });
    expect(validateRow({ name: 'n'.repeat(200), url: 'https://x.com', category: 'AI' }).ok).toBe(true);
    expect(validateRow({ name: 'n'.repeat(201), url: 'https://x.com', category: 'AI' })).toEqual({ ok: false, reason: 'name is longer than 200 characters' });
    expect(validateRow({ name: 'bad\u0000name', url: 'https://x.com', category: 'AI' })).toEqual({ ok: false, reason: 'name contains control characters' });
    expect(validateRow({ name: 'multi\nline', url: 'https://x.com', category: 'AI' })).toMatchObject({ ok: true, site: { name: 'multi line' } });
  });

  it('checks the url and reports every problem of a row', () => {
    expect(validateRow({ name: 'X', url: 'ftp://x.com', category: 'AI' })).toEqual({ ok: false, reason: 'url scheme "ftp:" is not allowed (only http and https)' });
    expect(validateRow({ name: 'X', url: `https://x.com/${'a'.repeat(2048)}`, category: 'AI' })).toEqual({ ok: false, reason: 'url is longer than 2048 characters' });
    const result = validateRow({ name: '', url: 'http://localhost', category: 'Nope' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(/^name is empty; url host "localhost" is a local or reserved name.*; category "Nope" is not one of/);
    }
  });
});

describe('validateRow with the optional mcp_endpoint and source columns', () => {
  const base = { name: 'Stripe', url: 'https://stripe.com', category: 'FinTech' };

  it('leaves the endpoint unstated for a row of a three-column file', () => {
    const result = validateRow(base);
    expect(result).toEqual({ ok: true, site: { name: 'Stripe', url: 'https://stripe.com/', host: 'stripe.com', category: 'FinTech' } });
    if (result.ok) expect('catalogueEndpoint' in result.site).toBe(false);
  });

  it('keeps an https endpoint and its source, normalised', () => {
    expect(validateRow({ ...base, mcpEndpoint: ' https://MCP.Stripe.com ', endpointSource: 'https://docs.stripe.com/mcp' })).toEqual({
      ok: true,
      site: { ...{ name: 'Stripe', url: 'https://stripe.com/', host: 'stripe.com', category: 'FinTech' }, catalogueEndpoint: 'https://mcp.stripe.com/', catalogueEndpointSource: 'https://docs.stripe.com/mcp' },
    });
  });

  it('reads empty cells as "no endpoint" (which clears a stored one)', () => {
    expect(validateRow({ ...base, mcpEndpoint: '', endpointSource: '  ' })).toMatchObject({ ok: true, site: { catalogueEndpoint: null, catalogueEndpointSource: null } });
    expect(validateRow({ ...base, mcpEndpoint: 'https://mcp.stripe.com/mcp', endpointSource: '' })).toMatchObject({
      ok: true,
      site: { catalogueEndpoint: 'https://mcp.stripe.com/mcp', catalogueEndpointSource: null },
    });
  });

  it.each([
    ['http://mcp.stripe.com/mcp', 'mcp_endpoint must be an https:// URL'],
    ['mcp.stripe.com/mcp', 'mcp_endpoint must be an https:// URL'],
    ['javascript:alert(1)', 'mcp_endpoint must be an https:// URL'],
    ['https://mcp.stripe.com/m\ncp', 'mcp_endpoint contains control characters'],
    ['https://mcp.stripe.com/\tmcp', 'mcp_endpoint contains control characters'],
    ['https://mcp.stripe.com/\u0000', 'mcp_endpoint contains control characters'],
    ['https://mcp.stripe.com/\u0085', 'mcp_endpoint contains control characters'],
    [`https://mcp.stripe.com/${'a'.repeat(2048)}`, 'mcp_endpoint is longer than 2048 characters'],
    ['https://user:pw@mcp.stripe.com/mcp', 'mcp_endpoint: must not contain credentials (user:password@)'],
    ['https://localhost/mcp', 'mcp_endpoint: host "localhost" is a local or reserved name, not a public website'],
    ['https://10.0.0.1/mcp', 'mcp_endpoint: host is an IP address; a domain name is required'],
    ['https://', 'mcp_endpoint: is not a valid URL'],
  ])('refuses the endpoint %j', (mcpEndpoint, reason) => {
    expect(validateRow({ ...base, mcpEndpoint, endpointSource: 'https://docs.stripe.com/mcp' })).toEqual({ ok: false, reason });
  });

  it('refuses a source that is not an https URL, and a source without an endpoint', () => {
    expect(validateRow({ ...base, mcpEndpoint: 'https://mcp.stripe.com', endpointSource: 'http://docs.stripe.com/mcp' })).toEqual({ ok: false, reason: 'source must be an https:// URL' });
    expect(validateRow({ ...base, mcpEndpoint: 'https://mcp.stripe.com', endpointSource: 'see the docs' })).toEqual({ ok: false, reason: 'source must be an https:// URL' });
    expect(validateRow({ ...base, mcpEndpoint: '', endpointSource: 'https://docs.stripe.com/mcp' })).toEqual({ ok: false, reason: 'source is given without an mcp_endpoint' });
  });

  it('reports endpoint problems together with the others of the row', () => {
    const result = validateRow({ name: '', url: 'https://stripe.com', category: 'FinTech', mcpEndpoint: 'ftp://x.com', endpointSource: 'ftp://y.com' });
    expect(result).toEqual({ ok: false, reason: 'name is empty; mcp_endpoint must be an https:// URL; source must be an https:// URL' });
  });
});
