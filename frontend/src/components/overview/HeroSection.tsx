import { Link } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { buttonClass } from '../ui/Button';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-10 text-white shadow-md sm:px-10">
      <h1 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {PRODUCT_NAME}
      </h1>
      <p className="mt-2 text-lg text-indigo-100">Tracking how the web adopts the Model Context Protocol</p>
      <div className="mt-6 grid gap-6 text-sm leading-relaxed text-indigo-50 md:grid-cols-2">
        <div>
          <h2 className="mb-1 font-semibold text-white">What it does</h2>
          <p>
            We monitor 10,000 websites for Model Context Protocol (MCP) endpoints, and list the tools, resources and prompts each one
            exposes, so you can see which platforms are ready to be used by AI agents.
          </p>
        </div>
        <div>
          <h2 className="mb-1 font-semibold text-white">Why it matters</h2>
          <p>
            MCP is becoming the standard way for AI models to reach live data and actions. Knowing who supports it helps developers
            pick integrations, researchers follow the trend and platform teams see where they stand.
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/analysis" className={buttonClass('secondary', 'border-transparent')}>
          Explore the analysis
        </Link>
        <Link href="/access" className={buttonClass('ghost', 'text-white hover:bg-white/10 dark:text-white dark:hover:bg-white/10')}>
          Access the data
        </Link>
      </div>
    </section>
  );
}
