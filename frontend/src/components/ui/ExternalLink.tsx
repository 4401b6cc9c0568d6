import type { ReactNode } from 'react';
import { safeHttpUrl } from '../../lib/safe-url';

/**
 * Opens in a new tab without giving the target a handle on this page; non-http(s) addresses stay plain text.
 * Styled by default as a link in running text (underlined, `link-inline`); one standing alone may pass its own class.
 */
export function ExternalLink({ href, children, className }: { href: string | null | undefined; children: ReactNode; className?: string }) {
  const safe = safeHttpUrl(href);
  if (!safe) return <span className={className}>{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={className ?? 'link-inline'}>
      {children}
    </a>
  );
}
