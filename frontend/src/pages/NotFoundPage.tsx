export function NotFoundPage() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Did you forget to add the page to the router?</p>
    </div>
  );
}
