import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-muted">Did you forget to add the page to the router?</p>
      <Link href="/" className="mt-6 inline-block text-link hover:underline">
        Back to Dashboard
      </Link>
    </div>
  );
}
