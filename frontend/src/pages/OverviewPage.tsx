import { useEffect, useState } from 'react';
import { healthResponseSchema, type HealthResponse } from '@mcp-census/schemas/health';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';

const DEPENDENCY_NAMES: Record<string, string> = { postgres: 'PostgreSQL', clickhouse: 'ClickHouse', kafka: 'Kafka' };

type Load = { state: 'loading' } | { state: 'ready'; health: HealthResponse } | { state: 'error'; message: string };

export function OverviewPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/healthz', { signal: controller.signal, credentials: 'include' })
      .then(async (res) => setLoad({ state: 'ready', health: healthResponseSchema.parse(await res.json()) }))
      .catch((err: Error) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: err.message });
      });
    return () => controller.abort();
  }, []);

  return (
    <div className="space-y-8">
      <section>
        <h1 className="text-3xl font-bold">{PRODUCT_NAME}</h1>
        <p className="mt-3 max-w-3xl text-slate-600 dark:text-slate-300">
          {PRODUCT_NAME} monitors 10,000 websites for Model Context Protocol endpoints and reports the tools, resources and prompts they
          expose, so developers, researchers and AI agents can see how the model-consumable web is taking shape.
        </p>
      </section>
      <section aria-labelledby="system-status" className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="system-status" className="text-lg font-semibold">
          System status
        </h2>
        {load.state === 'loading' && <p className="mt-2 animate-pulse text-slate-500">Checking services…</p>}
        {load.state === 'error' && <p className="mt-2 text-red-600">Status unavailable: {load.message}</p>}
        {load.state === 'ready' && (
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {Object.entries(load.health.dependencies).map(([name, dep]) => (
              <li key={name} className="rounded border border-slate-200 p-3 dark:border-slate-700">
                <div className="font-medium">{DEPENDENCY_NAMES[name] ?? name}</div>
                <div className={dep.status === 'ok' ? 'text-green-600' : dep.status === 'error' ? 'text-red-600' : 'text-slate-500'}>
                  {dep.status}
                  {dep.latencyMs !== null && ` · ${dep.latencyMs} ms`}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
