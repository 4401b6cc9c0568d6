export const tableClass = 'w-full min-w-[640px] text-sm';
export const headClass = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted';
export const cellClass = 'px-4 py-3 align-top';
export const describeClass = 'max-w-md break-words text-muted';
export const theadClass = 'border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60';
export const tbodyClass = 'divide-y divide-slate-100 dark:divide-slate-800';
