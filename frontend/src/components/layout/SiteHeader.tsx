import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { ThemeToggle } from './ThemeToggle';

export const HEADER_LINKS = [
  ['Overview', '/'],
  ['Analysis', '/analysis'],
  ['Trends', '/trends'],
  ['Access', '/access'],
  // not in the spec's list: the census-wide changes feed
  ['Changes', '/changes'],
  ['Contribute', '/contribute'],
  ['About', '/about'],
] as const;

function NavLink({ label, href, onNavigate }: { label: string; href: string; onNavigate?: () => void }) {
  const [location] = useLocation();
  const active = href === '/' ? location === '/' : location.startsWith(href);
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={`rounded-md px-3 py-2 text-sm font-medium ${
        active
          ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
      }`}
    >
      {label}
    </Link>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white" onClick={close}>
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-indigo-600 text-sm text-white">
            MC
          </span>
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map(([label, href]) => (
            <NavLink key={href} label={label} href={href} />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-2">
          <ThemeToggle />
          <button
            type="button"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-nav" aria-label="Main" className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 md:hidden dark:border-slate-800">
          {HEADER_LINKS.map(([label, href]) => (
            <NavLink key={href} label={label} href={href} onNavigate={close} />
          ))}
        </nav>
      )}
    </header>
  );
}
