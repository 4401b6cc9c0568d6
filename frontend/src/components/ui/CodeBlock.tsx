import { CopyButton } from './CopyButton';
import { HorizontalScroll } from './HorizontalScroll';

const NAME_CHARS = 60;

/**
 * The scrolling strip's accessible name, unless the caller gives one: "<label> code", or else
 * "Code: " and the first line, so that several blocks on a page are told apart (each is a landmark).
 */
export function codeRegionName(code: string, label?: string): string {
  if (label) return `${label} code`;
  const first = code.split('\n').find((line) => line.trim())?.trim() ?? '';
  if (!first) return 'Code';
  return `Code: ${first.length > NAME_CHARS ? `${first.slice(0, NAME_CHARS - 1)}…` : first}`;
}

/**
 * Preformatted sample text with a copy button; long lines scroll sideways, with a fade on the cut edge.
 *
 * The block is dark in both themes, so it carries the `dark` class (as the wall
 * does): the colour tokens and the copy button's `dark:` colours take their dark
 * values inside it. What differs with the site's theme (black rather than
 * slate-900, with a ring) is keyed to `html.dark`. Lines that do not fit make
 * the strip a named region in the tab order (`name`, or see codeRegionName),
 * its focus ring drawn inside the rounded box that clips it.
 */
export function CodeBlock({ code, label, name }: { code: string; label?: string; name?: string }) {
  return (
    <div className="dark relative overflow-hidden rounded-lg bg-slate-900 text-slate-100 [color-scheme:dark] in-[html.dark]:bg-black in-[html.dark]:ring-1 in-[html.dark]:ring-slate-800">
      {label && <div className="border-b border-slate-700 px-4 py-1.5 text-xs text-muted">{label}</div>}
      <div className="absolute right-2 top-1.5 z-20">
        <CopyButton text={code} label="Copy code" />
      </div>
      <HorizontalScroll fade="from-slate-900 in-[html.dark]:from-black" label={name ?? codeRegionName(code, label)}>
        <pre className="w-max min-w-full p-4 pr-12 text-xs leading-relaxed">
          <code>{code}</code>
        </pre>
      </HorizontalScroll>
    </div>
  );
}
