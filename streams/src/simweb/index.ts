import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { programFile } from '../platform/programs';
import { RUNNING_COMPILED } from '../platform/project-root';
import { startSimServer, type SimServerOptions } from './server';
import type { SiteMode, SiteModeCommand } from './site-modes';
import { generateSites, SIM_DOMAIN, type ProfileName, type SimSite } from './sites';
import { createStatsBuffer, SimStats, type SimWebStats } from './stats';

export { DEFAULT_PROFILE_WEIGHTS, PROFILES, VARIANTS, PAGINATED_TOOLS, PAGINATED_PAGE_SIZE, HUGE_TOOLS, RICH_TEMPLATES, SIM_DOMAIN, type ProfileName, type SimSite } from './sites';
export type { SimWebStats } from './stats';
export { resolverForSimulatedWeb, simulatedHostResolver } from './host-resolver';
export { SITE_MODES, type SiteMode } from './site-modes';

export interface SimulatedWebOptions {
  sites: number;
  /** Same seed → same sites, names, categories and profiles. Default 1. */
  seed?: number;
  /** Added to every request, uniform in [min, max] ms. Default [0, 0]. */
  latencyMs?: [number, number];
  /** Profile weights (missing profiles get 0). Default: DEFAULT_PROFILE_WEIGHTS, a realistic mix. */
  profiles?: Partial<Record<ProfileName, number>>;
  /** Explicit profile per site, cycled (overrides `profiles`); variants rotate per profile. */
  assign?: readonly ProfileName[];
  host?: '127.0.0.1';
  /** Fixed port (default: ephemeral). */
  port?: number;
  /** How long the 'slow' profile stalls its MCP path. Default 8000 ms (longer than the prober's 5 s timeout). */
  slowMs?: number;
  /** Body size of the 'oversized' profile. Default 2 MiB (over the prober's 1 MiB cap). */
  oversizedBytes?: number;
  /**
   * Serve from a worker thread (default true) so the simulated web does not
   * compete with the prober for the main thread's event loop; false serves
   * in this thread.
   */
  thread?: boolean;
}

export interface SimulatedWeb {
  port: number;
  sites: SimSite[];
  /** Existing `*.simweb.test` hosts (and the mcp. subdomains in use) → ['127.0.0.1']; anything else → undefined (NXDOMAIN). */
  resolveHost(hostname: string): string[] | undefined;
  siteByHost(hostname: string): SimSite | undefined;
  /** Server-side counters (synchronous, also when serving from a worker thread). */
  stats(): SimWebStats;
  resetStats(): void;
  /**
   * Test control: `host` (and its mcp. subdomain) refuses connections, never
   * answers, answers 503, or serves a plain site; 'normal' restores its profile.
   * Resolves once the server applies it.
   */
  setSiteMode(host: string, mode: SiteMode): Promise<void>;
  /** Test control: every host refuses connections (names still resolve), until set back. */
  setNetworkDown(down: boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the simulated web: one loopback HTTP server hosting `sites`
 * virtual websites by Host header, deterministic from `seed`.
 */
export async function startSimulatedWeb(opts: SimulatedWebOptions): Promise<SimulatedWeb> {
  const serverOpts: SimServerOptions = {
    sites: opts.sites,
    seed: opts.seed ?? 1,
    ...(opts.latencyMs ? { latencyMs: opts.latencyMs } : {}),
    ...(opts.profiles ? { profiles: opts.profiles } : {}),
    ...(opts.assign ? { assign: [...opts.assign] } : {}),
    host: opts.host ?? '127.0.0.1',
    ...(opts.port !== undefined ? { port: opts.port } : {}),
    ...(opts.slowMs !== undefined ? { slowMs: opts.slowMs } : {}),
    ...(opts.oversizedBytes !== undefined ? { oversizedBytes: opts.oversizedBytes } : {}),
    statsBuffer: createStatsBuffer(),
  };
  const stats = new SimStats(serverOpts.statsBuffer!);
  const backend = opts.thread === false ? await inProcess(serverOpts) : await inWorker(serverOpts);
  // The same deterministic generation the server ran, so resolveHost needs no round trip.
  const sites = opts.thread === false ? backend.sites : generateSites({ sites: opts.sites, seed: serverOpts.seed!, port: backend.port, ...(opts.profiles ? { profiles: opts.profiles } : {}), ...(opts.assign ? { assign: opts.assign } : {}) });
  const hosts = new Map<string, SimSite>();
  for (const s of sites) {
    hosts.set(s.host, s);
    if (s.profile === 'mcp-subdomain') hosts.set(`mcp.${s.host}`, s);
  }
  return {
    port: backend.port,
    sites,
    resolveHost(hostname) {
      const h = hostname.toLowerCase().replace(/\.$/, '');
      return h.endsWith(`.${SIM_DOMAIN}`) && hosts.has(h) ? ['127.0.0.1'] : undefined;
    },
    siteByHost: (hostname) => hosts.get(hostname.toLowerCase()),
    stats: () => stats.read(),
    resetStats: () => stats.reset(),
    setSiteMode: (host, mode) => backend.control({ op: 'site-mode', host, mode }),
    setNetworkDown: (down) => backend.control({ op: 'network-down', down }),
    stop: () => backend.stop(),
  };
}

interface Backend {
  port: number;
  sites: SimSite[];
  control(cmd: SiteModeCommand): Promise<void>;
  stop(): Promise<void>;
}

async function inProcess(o: SimServerOptions): Promise<Backend> {
  const s = await startSimServer(o);
  return { port: s.port, sites: s.sites, control: async (cmd) => s.modes.apply(cmd), stop: () => s.stop() };
}

/** The worker loads TypeScript through tsx's ESM API (works under `node --import tsx` and under vitest alike). */
function workerSource(): string {
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
  const main = new URL('./worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(main)}); });`;
}

async function inWorker(o: SimServerOptions): Promise<Backend> {
  // Compiled, the worker's bundle runs as it is; from source it needs tsx.
  const worker = RUNNING_COMPILED ? new Worker(programFile('simweb-worker'), { workerData: o }) : new Worker(workerSource(), { eval: true, workerData: o });
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`simulated web worker exited (${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (msg: { ready?: boolean; port?: number }) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (msg.ready && msg.port) resolve(msg.port);
      else reject(new Error('simulated web worker did not start'));
    });
  });
  worker.on('error', () => undefined);
  // The worker's server must not keep the process alive on its own.
  worker.unref();
  let stopped: Promise<void> | null = null;
  let nextId = 0;
  return {
    port,
    sites: [],
    control(cmd) {
      // Acknowledged by id, so a test's next step sees the mode applied.
      const id = (nextId += 1);
      return new Promise<void>((resolve) => {
        const onAck = (msg: { ack?: number }) => {
          if (msg.ack !== id) return;
          worker.off('message', onAck);
          resolve();
        };
        worker.on('message', onAck);
        worker.postMessage({ ...cmd, id });
      });
    },
    stop() {
      stopped ??= (async () => {
        worker.ref();
        await Promise.race([new Promise((r) => worker.once('message', r)), new Promise((r) => setTimeout(r, 5_000))]);
        await worker.terminate();
      })();
      worker.postMessage({ op: 'stop' });
      return stopped;
    },
  };
}
