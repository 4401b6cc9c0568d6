import { CopyButton } from './CopyButton';

/** Preformatted sample text with a copy button. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <div className="relative rounded-lg bg-slate-900 text-slate-100 dark:bg-black/60">
      {label && <div className="border-b border-slate-700 px-4 py-1.5 text-xs text-slate-400">{label}</div>}
      <div className="absolute right-2 top-1.5 [&_button]:text-slate-400 [&_button:hover]:bg-slate-700 [&_button:hover]:text-white">
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre className="overflow-x-auto p-4 pr-12 text-xs leading-relaxed">
        <code>{code}</code>
      </pre>
    </div>
  );
}
