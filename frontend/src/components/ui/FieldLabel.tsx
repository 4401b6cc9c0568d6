export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-muted disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** A form label with a red asterisk for required fields (the asterisk is hidden from screen readers, which read "required"). */
export function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
      {label}
      {required && (
        <span aria-hidden="true" className="text-negative">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
