import { escapeHtml as e } from '../html-escape';

/** A column heading; numeric columns are right-aligned with tabular figures. */
export interface Column {
  label: string;
  num?: boolean;
}

/** A table of pre-escaped row markup; the headings are escaped here. */
export function tableHtml(columns: Column[], rows: string[], opts: { className?: string; caption?: string } = {}): string {
  // A single header row needs no scope attribute: browsers and screen readers pair it with the columns.
  const head = columns.map((c) => `<th${c.num ? ' class="num"' : ''}>${e(c.label)}</th>`).join('');
  const cls = opts.className ? ` class="${e(opts.className)}"` : '';
  const caption = opts.caption ? `<caption class="sr-only">${e(opts.caption)}</caption>` : '';
  return `<table${cls}>${caption}<thead><tr>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** A right-aligned numeric cell (its text is ours: formatted figures). */
export const numCell = (text: string): string => `<td class="num">${e(text)}</td>`;
