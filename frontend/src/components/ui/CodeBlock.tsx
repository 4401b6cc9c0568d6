import { CopyButton } from './CopyButton';
import { HorizontalScroll } from './HorizontalScroll';

/** Preformatted sample text with a copy button; long lines scroll sideways, with a fade on the cut edge. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <div className="relative overflow-hidden rounded-lg bg-slate-900 text-slate-100 dark:bg-black dark:ring-1 dark:ring-slate-800">
      {label && <div className="border-b border-slate-700 px-4 py-1.5 text-xs text-slate-400">{label}</div>}
      <div className="absolute right-2 top-1.5 z-20 [&_button]:text-slate-400 [&_button:hover]:bg-slate-700 [&_button:hover]:text-white">
        <CopyButton text={code} label="Copy code" />
      </div>
      <HorizontalScroll fade="from-slate-900 dark:from-black" label={label ? `${label} code` : 'Code'}>
        <pre className="w-max min-w-full p-4 pr-12 text-xs leading-relaxed">
          <code>{code}</code>
        </pre>
      </HorizontalScroll>
    </div>
  );
}
