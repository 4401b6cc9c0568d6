import { Link } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { STATED_CENSUS_SIZE } from '../../lib/census-size';
import { formatNumber } from '../../lib/format';

export const FOOTER_LINKS = [
  ['Overview', '/'],
  ['Analysis', '/analysis'],
  ['Access', '/access'],
  ['Subscribe', '/subscribe'],
  ['AI Resources', '/ai-resources'],
  ['Contribute', '/contribute'],
  ['About', '/about'],
] as const;

export const MCP_SPECIFICATION_URL = 'https://modelcontextprotocol.io/specification';

const linkClass = 'hover:text-slate-900 hover:underline dark:hover:text-white';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-muted dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-3">
        <div className="space-y-2">
          <p className="font-semibold text-slate-900 dark:text-white">{PRODUCT_NAME}</p>
          <p>Tracking Model Context Protocol adoption across about {formatNumber(STATED_CENSUS_SIZE)} monitored websites.</p>
          <p>Data is updated continuously.</p>
        </div>
        <nav aria-label="Footer" className="md:col-span-2">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
            {FOOTER_LINKS.map(([label, href]) => (
              <li key={href}>
                <Link href={href} className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/data" className={linkClass}>
                Open Data
              </Link>
            </li>
            <li>
              <a href={MCP_SPECIFICATION_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
                MCP Specification
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 md:flex-row md:items-start md:justify-between">
          <p className="max-w-3xl text-xs">
            Disclaimer: scan data is shown as-is and may contain classification or detection errors. Verify it independently before relying on
            it.
          </p>
          <ul className="flex shrink-0 gap-4 text-xs">
            <li>
              <Link href="/about" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/about" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href="/about" className={linkClass}>
                Contact
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
