import { pageWindow, showingText } from '../../lib/pagination';

const pageButton = 'min-w-9 rounded-md border px-2.5 py-1.5 sm:px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
const idle = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
const current = 'border-indigo-600 bg-indigo-600 text-white';

/** Previous/Next, up to 5 numbered pages around the current one, and "Showing X to Y of Z results". */
export function Pagination({ page, pages, limit, total, onPage }: { page: number; pages: number; limit: number; total: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 px-4 py-3 sm:flex-row">
      <p className="text-sm text-muted" aria-live="polite">
        {showingText(page, limit, total)}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" className={`${pageButton} ${idle}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        {pageWindow(page, pages).map((n) => (
          <button
            key={n}
            type="button"
            className={`${pageButton} ${n === page ? current : idle}`}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        ))}
        <button type="button" className={`${pageButton} ${idle}`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
