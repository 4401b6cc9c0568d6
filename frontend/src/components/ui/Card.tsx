import type { ReactNode } from 'react';

/** A bordered panel; `flush` drops the padding for edge-to-edge tables. */
export function Card({
  children,
  className = '',
  as: Tag = 'div',
  flush = false,
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'section' | 'article' | 'li';
  flush?: boolean;
}) {
  return (
    <Tag className={`rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${flush ? 'overflow-hidden' : 'p-5'} ${className}`}>
      {children}
    </Tag>
  );
}
