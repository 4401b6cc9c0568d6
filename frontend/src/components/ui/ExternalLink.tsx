import type { ReactNode } from 'react';
import { safeHttpUrl } from '../../lib/safe-url';

/** Opens in a new tab without giving the target a handle on this page; non-http(s) addresses stay plain text. */
export function ExternalLink({ href, children, className }: { href: string | null | undefined; children: ReactNode; className?: string }) {
  const safe = safeHttpUrl(href);
  if (!safe) return <span className={className}>{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={className ?? 'text-indigo-600 hover:underline dark:text-indigo-400'}>
      {children}
    </a>
  );
}
