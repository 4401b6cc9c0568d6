// `npm run demo`: the whole product against a simulated web of virtual sites
// served on loopback, so every part can be seen working without touching the
// real internet. The UI shows a "Simulated web" banner throughout.
import { z } from 'zod';
import { CATEGORIES, PRODUCT_NAME } from '@mcp-census/schemas';
import { startSimulatedWeb } from '@mcp-census/streams/simweb/index';
import type { CatalogueSite } from './catalogue/validate-row';
import { ConfigError, loadConfig, orExitOnConfigError } from './config/config';
import { runUntilSignalled } from './runtime/process-lifecycle';
import { createLogger } from '@mcp-census/streams/platform/logger';

/** Same seed, same web: the sites, their profiles and so the census's expected figures. */
const DEMO_SEED = 2026;

const demoEnv = z.object({
  DEMO_SITES: z.coerce.number({ error: 'must be a whole number from 1 to 100000' }).int().min(1).max(100_000).default(10_000),
  // 0: a free port (the sites' URLs, and so the catalogue, then change at every start).
  DEMO_WEB_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3080),
});

const demo = orExitOnConfigError(() => {
  const parsed = demoEnv.safeParse(process.env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConfigError([{ variable: String(issue?.path[0] ?? 'environment'), message: issue?.message ?? 'invalid' }]);
});
// Its own data directory, so the demo never mixes with a real deployment's data.
// The simulated web serves every virtual host from one loopback server, so the demo paces each host
// at 20 requests per second (SCAN_HOST_RPS overrides it) instead of the 2 a real site gets.
const config = orExitOnConfigError(() => loadConfig({ DATA_DIR: './.data-demo', SCAN_HOST_RPS: '20', ...process.env }));

const log = createLogger({ level: config.logLevel, format: config.logFormat });
log.info(`${PRODUCT_NAME} demo starting: ${demo.DEMO_SITES} simulated sites (data in ${config.dataDir})`);

await runUntilSignalled(async () => {
  // A fixed port keeps the sites' URLs, and so the catalogue, stable across restarts.
  const web = await startSimulatedWeb({ sites: demo.DEMO_SITES, seed: DEMO_SEED, latencyMs: [20, 80], port: demo.DEMO_WEB_PORT });
  log.info(`simulated web: ${web.sites.length} virtual sites on 127.0.0.1:${web.port}`);
  const known = new Set<string>(CATEGORIES);
  const simulatedSites: CatalogueSite[] = web.sites.map((site) => ({
    name: site.name,
    url: site.url,
    host: new URL(site.url).host,
    category: (known.has(site.category) ? site.category : 'Reference') as CatalogueSite['category'],
  }));

  const { startCensus } = await import('./runtime/census-server');
  try {
    const census = await startCensus(
      { ...config, scan: { ...config.scan, allowPrivate: true } },
      log,
      // simulatedWeb: role processes of their own (`npm run demo:roles`) resolve its hosts from services.json.
      { resolveHost: (host) => web.resolveHost(host), simulatedSites, simulatedWeb: { port: web.port, sites: web.sites.length, seed: DEMO_SEED } },
    );
    return {
      url: census.url,
      stop: async () => {
        await census.stop();
        await web.stop();
      },
    };
  } catch (err) {
    await web.stop();
    throw err;
  }
}, log);

