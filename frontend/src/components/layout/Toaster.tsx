import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { dismissToast, toastAtom } from '../../state/toast';

/** The single toast slot: bottom-right, at most 420 px wide from md up, F8 dismisses. */
export function Toaster() {
  const toast = useAtomValue(toastAtom);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismissToast, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') dismissToast();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const destructive = toast?.variant === 'destructive';
  return (
    <section aria-label="Notifications (F8 dismisses)" className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-end p-4 md:inset-x-auto md:right-0">
      <div role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'} className="w-full md:max-w-[420px]">
        {toast && (
          <div
            key={toast.id}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${
              destructive
                ? // red-700: its description, at 90% white, still reaches 4.5:1 (on red-600 it was 4.0:1)
                  'border-red-700 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100'
            }`}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button type="button" onClick={dismissToast} aria-label="Dismiss notification" className="rounded p-1 opacity-70 hover:opacity-100">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
