/** One icon per known category family; everything else gets a globe. */
const PATHS: Record<string, string> = {
  ecommerce: 'M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6M9 20h.01M18 20h.01',
  development: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  communication: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  fintech: 'M3 7h18v10H3zM3 11h18M7 15h3',
  productivity: 'M9 11l2 2 4-4M5 4h14v16H5z',
  social: 'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM20 19v-1a3 3 0 0 0-2.2-2.9M17 5.3a3 3 0 0 1 0 5.4',
  media: 'M4 5h16v14H4zM10 9l5 3-5 3z',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
};

export function categoryIconKey(category: string | null | undefined): keyof typeof PATHS {
  const c = (category ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (c.includes('ecommerce') || c.includes('commerce')) return 'ecommerce';
  if (c.includes('development') || c.includes('developer')) return 'development';
  if (c.includes('communication')) return 'communication';
  if (c.includes('fintech') || c.includes('finance')) return 'fintech';
  if (c.includes('productivity')) return 'productivity';
  if (c.includes('social')) return 'social';
  if (c === 'media' || c.includes('media')) return 'media';
  return 'globe';
}

export function CategoryIcon({ category, className = 'h-6 w-6' }: { category: string | null | undefined; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[categoryIconKey(category)]} />
    </svg>
  );
}
