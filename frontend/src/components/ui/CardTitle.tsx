import type { ReactNode } from 'react';

export type HeadingLevel = 'h2' | 'h3' | 'h4';

/**
 * A card's title. Cards sit directly under the page's h1 (or under a tab strip,
 * which is no heading), so the title is an h2 unless the card is inside a
 * section that has its own h2; the look stays the same at every level.
 */
export function CardTitle({ children, className = '', as: Tag = 'h2' }: { children: ReactNode; className?: string; as?: HeadingLevel }) {
  return <Tag className={`text-base font-semibold text-slate-900 dark:text-slate-100 ${className}`}>{children}</Tag>;
}
