import { useEffect, useState } from 'react';

/** How long the check mark stays after copying (spec section 9). */
export const COPY_CONFIRM_MS = 2_000;

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
      aria-label={copied ? 'Copied' : `${label}: ${text}`}
      title={copied ? 'Copied' : label}
      className="shrink-0 rounded-md p-1.5 text-muted hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {copied ? <path d="M5 13l4 4L19 7" className="text-positive" stroke="currentColor" /> : <path d="M8 8h11v13H8zM5 16H4V3h11v1" />}
      </svg>
    </button>
  );
}
