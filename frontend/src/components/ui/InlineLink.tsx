import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A link to a page of the site inside running text: underlined (`link-inline`,
 * index.css), since colour alone does not set it apart from the words around
 * it (WCAG 1.4.1). A link standing on its own (a button-like "Back", a table
 * cell) may use `text-link` without the underline. External links in text:
 * ExternalLink, whose default style is the same.
 */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="link-inline">
      {children}
    </Link>
  );
}
