/** In place of scan details: the site's owner opted out of scanning (approved by the operator). */
export function OptedOutNotice() {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-8 text-center dark:border-slate-800">
      <p className="font-semibold">Opted out</p>
      <p className="mt-1 text-sm text-muted">
        The owner of this website asked not to be scanned. It is no longer scanned, its scan details are not shown, and it is left out
        of adoption figures.
      </p>
    </div>
  );
}
