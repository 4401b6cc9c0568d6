import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { escapeHtml as e } from '../html-escape';
import { dateTimeInWords } from './format';

/** The product mark: three linked nodes on a blue tile. Decorative (the product name is text beside it). */
export const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">' +
  '<rect width="40" height="40" rx="9" fill="#1d4ed8"/>' +
  '<path d="M12 27 20 12 28 27Z" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/>' +
  '<circle cx="20" cy="12" r="4" fill="#fff"/><circle cx="12" cy="27" r="4" fill="#fff"/><circle cx="28" cy="27" r="4" fill="#fff"/></svg>';

/**
 * The site's origin for display and link: the configured public URL, reduced
 * to scheme and host; only http(s) becomes a link.
 */
export function siteOrigin(publicUrl: string): { text: string; href: string | undefined } {
  try {
    const url = new URL(publicUrl);
    return { text: url.origin, href: url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined };
  } catch {
    return { text: publicUrl, href: undefined };
  }
}

/**
 * The branded header: mark, product name, title, the generation time in UTC
 * words inside a <time datetime> (machine-readable, no script needed to show
 * it: the server cannot know the reader's zone), and the site's origin.
 */
export function mastheadHtml(opts: { generatedAt: Date; publicUrl: string; heading?: string }): string {
  const origin = siteOrigin(opts.publicUrl);
  const originHtml = origin.href ? `<a href="${e(origin.href)}">${e(origin.text)}</a>` : e(origin.text);
  return `<header class="masthead">${MARK_SVG}<div><p class="brand">${e(PRODUCT_NAME)}</p><h1>MCP adoption report</h1></div></header>
${opts.heading ? `<p class="meta"><strong>${e(opts.heading)}</strong></p>\n` : ''}<p class="meta">Generated <time datetime="${e(opts.generatedAt.toISOString())}">${e(dateTimeInWords(opts.generatedAt))}</time> from ${originHtml}</p>`;
}
