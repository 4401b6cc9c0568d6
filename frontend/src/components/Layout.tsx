import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { SimulatedWebBanner } from './SimulatedWebBanner';

const NAV = [
  ['Overview', '/'],
  ['Analysis', '/analysis'],
  ['Trends', '/trends'],
  ['Access', '/access'],
  ['Contribute', '/contribute'],
  ['About', '/about'],
] as const;

const FOOTER = [
  ['Overview', '/'],
  ['Analysis', '/analysis'],
  ['Access', '/access'],
  ['Subscribe', '/subscribe'],
  ['AI Resources', '/ai-resources'],
  ['Contribute', '/contribute'],
  ['About', '/about'],
] as const;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SimulatedWebBanner />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3" aria-label="Main">
          <Link href="/" className="text-lg font-semibold">
            {PRODUCT_NAME}
          </Link>
          {NAV.map(([label, href]) => (
            <Link key={href} href={href} className="text-sm text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white">
              {label}
            </Link>
          ))}
        </nav>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">{children}</main>
      <footer className="border-t border-slate-200 bg-white text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6">
          <nav className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Footer">
            {FOOTER.map(([label, href]) => (
              <Link key={href} href={href} className="hover:underline">
                {label}
              </Link>
            ))}
            <a href="https://modelcontextprotocol.io/specification" target="_blank" rel="noopener noreferrer" className="hover:underline">
              MCP Specification
            </a>
          </nav>
          <p>Data is updated continuously.</p>
          <p>
            Scan data is shown as-is and may contain classification or detection errors; verify it independently before relying on it.
          </p>
        </div>
      </footer>
    </div>
  );
}
