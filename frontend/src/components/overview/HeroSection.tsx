import { Link } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { STATED_CENSUS_SIZE } from '../../lib/census-size';
import { formatNumber } from '../../lib/format';
import { buttonClass } from '../ui/Button';

const onGradient = 'text-white hover:bg-white/10 dark:text-white dark:hover:bg-white/10';

/**
 * Title, tagline and the what-it-does / why-it-matters text, kept compact
 * (two columns on wide screens) so the Highlights and Live Monitoring fit the
 * first screen below it.
 */
export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="grid gap-4 rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 px-5 py-5 text-white shadow-md sm:px-8 lg:grid-cols-5 lg:items-center lg:gap-8"
    >
      <div className="lg:col-span-2">
        <h1 id="hero-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {PRODUCT_NAME}
        </h1>
        <p className="mt-1 text-sm text-indigo-100 sm:text-base">Tracking how the web adopts the Model Context Protocol</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link href="/analysis" className={buttonClass('secondary', 'border-transparent py-1.5')}>
            Explore the analysis
          </Link>
          <Link href="/access" className={buttonClass('ghost', `py-1.5 ${onGradient}`)}>
            Access the data
          </Link>
          <Link href="/wall" className={buttonClass('ghost', `py-1.5 ${onGradient}`)}>
            Wall display
          </Link>
        </div>
      </div>
      <div className="space-y-2 text-sm leading-relaxed text-indigo-50 lg:col-span-3">
        <p>
          <strong className="font-semibold text-white">What it does: </strong>
          we monitor {formatNumber(STATED_CENSUS_SIZE)} websites for Model Context Protocol (MCP) endpoints and list the tools, resources and
          prompts each one exposes, so you can see which platforms are ready to be used by AI agents.
        </p>
        <p>
          <strong className="font-semibold text-white">Why it matters: </strong>
          MCP is becoming the standard way for AI models to reach live data and actions. Knowing who supports it helps developers pick
          integrations, researchers follow the trend and platform teams see where they stand.
        </p>
      </div>
    </section>
  );
}
