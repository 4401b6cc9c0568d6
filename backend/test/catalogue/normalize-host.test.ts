import { describe, expect, it } from 'vitest';
import { normalizeHost } from '../../src/catalogue/normalize-host';

describe('normalizeHost', () => {
  it.each([
    ['https://stripe.com', 'stripe.com', 'https://stripe.com/'],
    ['https://www.stripe.com', 'stripe.com', 'https://www.stripe.com/'],
    ['HTTPS://WWW.Stripe.COM/Docs?x=1', 'stripe.com', 'https://www.stripe.com/Docs?x=1'],
    ['http://stripe.com/', 'stripe.com', 'http://stripe.com/'],
    ['  https://stripe.com  ', 'stripe.com', 'https://stripe.com/'],
    ['https://stripe.com./', 'stripe.com', 'https://stripe.com/'],
    ['https://www.stripe.com.', 'stripe.com', 'https://www.stripe.com/'],
    ['https://stripe.com:443/', 'stripe.com', 'https://stripe.com/'],
    ['http://stripe.com:80', 'stripe.com', 'http://stripe.com/'],
    ['https://stripe.com:8443/', 'stripe.com:8443', 'https://stripe.com:8443/'],
    ['https://dashboard.stripe.com/login', 'dashboard.stripe.com', 'https://dashboard.stripe.com/login'],
    ['https://www2.example.org', 'www2.example.org', 'https://www2.example.org/'],
    ['https://www.com', 'www.com', 'https://www.com/'],
    ['https://Bücher.de', 'xn--bcher-kva.de', 'https://xn--bcher-kva.de/'],
    ['https://www.münchen.de/rathaus', 'xn--mnchen-3ya.de', 'https://www.xn--mnchen-3ya.de/rathaus'],
    ['https://例え.jp', 'xn--r8jz45g.jp', 'https://xn--r8jz45g.jp/'],
    ['https://stripe.com/#pricing', 'stripe.com', 'https://stripe.com/'],
  ])('%s → %s', (input, host, url) => {
    expect(normalizeHost(input)).toEqual({ ok: true, host, url });
  });

  it.each([
    ['', /empty/],
    ['stripe.com', /must start with http:\/\/ or https:\/\//],
    ['ftp://stripe.com', /scheme "ftp:" is not allowed/],
    ['javascript:alert(1)', /scheme "javascript:" is not allowed/],
    ['mailto:a@stripe.com', /scheme "mailto:"/],
    ['https://user:pass@stripe.com', /credentials/],
    ['https://user@stripe.com', /credentials/],
    ['http://127.0.0.1', /IP address/],
    ['http://192.168.1.10:8080/x', /IP address/],
    ['http://0x7f.1', /IP address/],
    ['http://2130706433', /IP address/],
    ['http://[::1]/', /IP address \(IPv6\)/],
    ['http://[2001:db8::1]:443', /IP address \(IPv6\)/],
    ['http://localhost:3000', /local or reserved/],
    ['http://app.localhost', /local or reserved/],
    ['http://printer.local', /local or reserved/],
    ['http://db.internal', /local or reserved/],
    ['http://router.home.arpa', /local or reserved/],
    ['http://fileserver', /single label/],
    ['http://intranet', /local or reserved/],
    ['http://www./', /single label/],
    ['https://', /not a valid URL/],
    ['https://exa mple.com', /not a valid URL/],
    ['https://-bad-.com', /invalid label/],
    ['https://under_score.com', /invalid label/],
    [`https://${'a'.repeat(64)}.com`, /invalid label/],
  ])('rejects %s', (input, reason) => {
    const result = normalizeHost(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('rejects URLs over 2,048 characters', () => {
    expect(normalizeHost(`https://example.com/${'p'.repeat(2048)}`)).toEqual({ ok: false, reason: 'url is longer than 2048 characters' });
  });
});
