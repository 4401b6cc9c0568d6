export function ChartEmpty({ text, height = 300 }: { text: string; height?: number }) {
  return (
    <div style={{ height }} className="grid place-items-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      {text}
    </div>
  );
}
