import { visibleParts } from '../../lib/visible-text';

/**
 * Untrusted scanned text (a tool, resource, prompt or server name or
 * description) with every invisible or bidi-control character shown as a
 * highlighted `⟨U+XXXX⟩`; the text is isolated so nothing in it can reorder
 * what follows.
 */
export function VisibleText({ text, keepNewlines = false, className = '' }: { text: string; keepNewlines?: boolean; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {visibleParts(text, { keepNewlines }).map((p, i) =>
        p.kind === 'text' ? (
          p.text
        ) : (
          <span key={i} title="hidden character" className="rounded bg-red-100 px-0.5 font-mono text-red-800 dark:bg-red-900/60 dark:text-red-200">
            {p.label}
          </span>
        ),
      )}
    </bdi>
  );
}
