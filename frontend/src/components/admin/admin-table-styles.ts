export const tableClass = 'w-full min-w-[560px] text-sm';
export const headClass = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted';
export const cellClass = 'px-3 py-2 align-top';
export const tbodyClass = 'divide-y divide-slate-100 dark:divide-slate-800';
