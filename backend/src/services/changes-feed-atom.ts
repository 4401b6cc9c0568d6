import { Feed } from 'feed';
import { CHANGE_KIND_LABELS, describeChange, type Change, type ChangesFilter } from '@mcp-census/schemas/api/changes';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';

/** Characters XML 1.0 cannot carry at all, not even in CDATA (the library passes them through). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Plain text for an Atom `type="html"` construct: the library wraps it in CDATA but does not HTML-escape it. */
export function htmlText(text: string): string {
  return text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The filter as a canonical query string (`?kind=a,b&category=c`), or ''. */
export function filterQuery(filter: ChangesFilter): string {
  const params = new URLSearchParams();
  if (filter.kind && filter.kind.length > 0) params.set('kind', [...filter.kind].sort().join(','));
  if (filter.category) params.set('category', filter.category);
  const q = params.toString();
  return q ? `?${q}` : '';
}

export interface ChangesAtomInput {
  publicUrl: string;
  filter: ChangesFilter;
  /** Newest first, with each change's stable uid (urn:uuid entry ids survive a rebuild of the ids). */
  changes: readonly { change: Change; uid: string }[];
  /** `updated` of a feed with no entries. */
  now: Date;
}

/**
 * The changes as an Atom 1.0 document. Everything from scanned sites and the
 * catalogue is escaped here for the html constructs; text constructs and
 * attributes are escaped by the library (xml-js).
 */
export function renderChangesAtom(input: ChangesAtomInput): string {
  const { publicUrl, filter } = input;
  const query = filterQuery(filter);
  const host = new URL(publicUrl).hostname;
  const newest = input.changes.reduce((max, { change }) => Math.max(max, Date.parse(change.occurredAt)), Number.NEGATIVE_INFINITY);
  const scope = [filter.kind?.map((k) => CHANGE_KIND_LABELS[k]).join(', '), filter.category].filter(Boolean).join(' · ');
  const feed = new Feed({
    id: `tag:${host},2026:changes${query}`,
    title: `${PRODUCT_NAME}: changes${scope ? ` (${scope})` : ''}`,
    description: 'Websites adopting or dropping the Model Context Protocol, their tools, resources and prompts changing, and new SAFE-MCP security findings.',
    updated: Number.isFinite(newest) ? new Date(newest) : input.now,
    link: `${publicUrl}/changes${query}`,
    feedLinks: { atom: `${publicUrl}/feeds/changes.atom${query}` },
    author: { name: PRODUCT_NAME, link: publicUrl },
    copyright: `${PRODUCT_NAME}: scan data is shown as-is and may contain detection errors.`,
    generator: PRODUCT_NAME,
  });
  for (const { change, uid } of input.changes) {
    const what = describeChange(change);
    const details = [
      `<p>${htmlText(change.website.name)} (${htmlText(change.website.host)})${change.website.category ? `, ${htmlText(change.website.category)}` : ''}: ${htmlText(what)}.</p>`,
      change.item ? `<p>Definition hash: ${htmlText(change.item.hashBefore ?? 'none')} → ${htmlText(change.item.hashAfter ?? 'none')}</p>` : '',
      `<p>Scanned ${htmlText(change.occurredAt)}.</p>`,
    ].join('');
    feed.addItem({
      title: htmlText(`${change.website.name}: ${what}`),
      id: `urn:uuid:${uid}`,
      link: `${publicUrl}${change.link}`,
      date: new Date(change.occurredAt),
      content: details,
      category: [{ term: change.kind, name: CHANGE_KIND_LABELS[change.kind] }],
    });
  }
  return feed.atom1();
}
