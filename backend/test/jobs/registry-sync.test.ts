import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registrySyncStatusSchema } from '@mcp-census/schemas/api/registry-sync';
import { loadConfig } from '../../src/config/config';
import { startJobRunner, type RunningJobRunner, type ScheduledJob } from '../../src/jobs/job-runner';
import { registrySyncJob, REGISTRY_SYNC_ATTEMPTS_PER_DAY, type RegistrySyncSettings } from '../../src/jobs/registry-sync-job';
import { createClient } from '@clickhouse/client';
import { createMailer } from '../../src/jobs/mailer';
import { buildScheduledJobs, registrySyncSettings } from '../../src/jobs/start-scheduled-jobs';
import { countFailedRunsSince, readRegistrySyncStatus, recordSyncSettings } from '../../src/services/registry/registry-sync-runs';
import { waitFor } from '../../../test/support/wait-for';
import { createTestDatabase } from '../../../test/support/test-database';
import { captureLog, testClock } from './support/jobs-fixture';
import { closedPortUrl, entry, page, remote, startLocalRegistry, type LocalRegistry } from './support/local-registry';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let registry: LocalRegistry;
const clock = testClock('2026-11-23T06:00:00Z');
const { log } = captureLog();
const started: RunningJobRunner[] = [];

const settings = (url: string, extra: Partial<RegistrySyncSettings> = {}): RegistrySyncSettings => ({ url, userAgent: 'MCPCensusBot/0.1 (+http://census.test/about; test)', ...extra });

function runner(jobs: ScheduledJob[], retryFailedAfterMs?: number): RunningJobRunner {
  const r = startJobRunner({ databaseUrl: db.url, pool: db.pool, jobs, now: clock.now, autoStart: false, log, ...(retryFailedAfterMs !== undefined ? { retryFailedAfterMs } : {}) });
  started.push(r);
  return r;
}
const syncRunner = (s: RegistrySyncSettings, retryFailedAfterMs?: number) => runner([registrySyncJob({ pool: db.pool, settings: s, log })], retryFailedAfterMs);

/** Every website row, for "unchanged" checks. */
interface SiteRow {
  id: string;
  name: string;
  url: string;
  host: string;
  category: string | null;
  source: string;
  active: boolean;
  catalogue_endpoint: string | null;
  registered_endpoint: string | null;
  registry_endpoint: string | null;
  registry_server: string | null;
}
const catalogue = async () =>
  (await db.pool.query<SiteRow>('SELECT id, name, url, host, category, source, active, catalogue_endpoint, registered_endpoint, registry_endpoint, registry_server FROM websites ORDER BY id')).rows;
const runs = async () =>
  (
    await db.pool.query<Record<string, unknown>>(
      `SELECT status, pages, servers_read, endpoints_seen, endpoints_rejected, sites_added, endpoints_added, malformed_skipped, inactive_skipped, error
         FROM registry_sync_runs ORDER BY id`,
    )
  ).rows;

/** Sites an operator added before any sync: they must come out exactly as they went in, but for a registry endpoint. */
async function addOperatorSites(): Promise<void> {
  await db.pool.query(`
    INSERT INTO websites (name, url, host, category, source, active, catalogue_endpoint) VALUES
      ('Operator Site', 'https://operator-site.com/', 'operator-site.com', 'Development', 'catalogue', true, NULL),
      ('Operator Two', 'https://www.operator-two.com/', 'operator-two.com', 'Design', 'catalogue', false, 'https://operator-two.com/mcp')`);
}

/** Three pages in the documented shape, with every kind of trouble a real list may hold. */
function threePages(): Parameters<LocalRegistry['setPages']>[0] {
  return {
    '': page(
      [
        entry('com.alpha-tools/alpha', [remote('https://alpha-tools.io/mcp')], { title: 'Alpha Tools' }),
        entry('com.bravo-data/bravo', [remote('https://api.bravo-data.com/mcp'), remote('https://api.bravo-data.com/sse', 'sse')]),
        { _meta: {} }, // no server
        entry('com.charlie/ftp', [remote('ftp://charlie-files.com/mcp')]), // not http(s)
        { server: { name: 42, remotes: 'x' } }, // wrong types
        entry(`com.huge/${'x'.repeat(100_000)}`, [remote('https://huge-name.com/mcp')]), // a huge string
        entry('com.delta/tenant', [remote('https://{tenant}.delta-cloud.com/mcp')]), // unresolved template
        entry('com.hotel/loopback', [remote('http://127.0.0.1:8080/mcp')]), // an IP address
        entry('com.echo/pay', [remote('https://echo-pay.com/mcp')], { meta: { 'io.modelcontextprotocol.registry/publisher-provided': { category: 'Finance' } } }),
        entry('com.juliet/gone', [remote('https://juliet-gone.com/mcp')], { status: 'deleted' }),
        entry('com.kilo/stdio-only', []),
      ],
      'cursor/p2',
    ),
    'cursor/p2': page(
      [
        entry('com.alpha-tools/alpha', [remote('https://alpha-tools.io/mcp')], { title: 'Alpha Tools' }), // again, across pages
        entry('com.operator-site/main', [remote('https://mcp.operator-site.com/mcp')], { meta: { 'x.y': { category: 'Gaming' } } }),
        entry('com.operator-two/main', [remote('https://operator-two.com/mcp')]), // what the catalogue already knows
        entry('com.november/odd', [{ type: 'streamable-http' }, 17, null]), // remotes of the wrong shape
        entry('com.oscar/long', [remote(`https://oscar-long.com/${'p'.repeat(3000)}`)]), // too long
        entry('com.papa/other', [remote('https://api.bravo-data.com/other')]), // a host taken earlier in the run
      ],
      'cursor/p3',
    ),
    'cursor/p3': page([entry('com.quebec/ai', [remote('https://www.quebec-ai.com/mcp')], { meta: { 'com.quebec': { categories: ['software_development'] } } })]),
  };
}

beforeAll(async () => {
  db = await createTestDatabase('registry_sync');
  registry = await startLocalRegistry();
}, 120_000);

async function stopRunners(): Promise<void> {
  for (const r of started.splice(0)) await r.stop();
}

afterEach(stopRunners);

afterAll(async () => {
  await registry?.close();
  await db?.drop();
});

beforeEach(async () => {
  await db.pool.query('TRUNCATE websites, registry_sync_runs, scheduled_job_runs RESTART IDENTITY CASCADE');
  await db.pool.query("DELETE FROM app_settings WHERE key = 'registry.sync'");
  registry.requests.length = 0;
  clock.set('2026-11-23T06:00:00Z');
  await addOperatorSites();
});

describe('registry sync against a local registry', () => {
  it('reads every page, skips what does not parse, adds the sites of the remotes and leaves operator sites alone', async () => {
    registry.setPages(threePages());
    const operatorBefore = (await catalogue()).filter((s) => s.source === 'catalogue');

    const r = syncRunner(settings(registry.url));
    const results = await r.tick();

    expect(results).toEqual([expect.objectContaining({ job: 'registry-sync', period: '2026-11-23', status: 'succeeded' })]);
    // The documented pagination: limit, version=latest, then each nextCursor as given.
    expect(registry.requests.map((r) => r.query)).toEqual([
      { limit: '100', version: 'latest' },
      { limit: '100', version: 'latest', cursor: 'cursor/p2' },
      { limit: '100', version: 'latest', cursor: 'cursor/p3' },
    ]);
    expect(registry.requests.every((r) => r.path === '/v0.1/servers')).toBe(true);
    expect(await runs()).toEqual([
      {
        status: 'succeeded',
        pages: 3,
        servers_read: 13,
        endpoints_seen: 15,
        endpoints_rejected: 7,
        sites_added: 4,
        endpoints_added: 5,
        malformed_skipped: 3,
        inactive_skipped: 1,
        error: null,
      },
    ]);

    const sites = await catalogue();
    const added = sites.filter((s) => s.source === 'registry').map(({ name, url, host, category, active, registry_endpoint, registry_server }) => ({ name, url, host, category, active, registry_endpoint, registry_server }));
    expect(added).toEqual([
      { name: 'Alpha Tools', url: 'https://alpha-tools.io/', host: 'alpha-tools.io', category: 'Other', active: true, registry_endpoint: 'https://alpha-tools.io/mcp', registry_server: 'com.alpha-tools/alpha' },
      { name: 'com.bravo-data/bravo', url: 'https://api.bravo-data.com/', host: 'api.bravo-data.com', category: 'Other', active: true, registry_endpoint: 'https://api.bravo-data.com/mcp', registry_server: 'com.bravo-data/bravo' },
      { name: 'com.echo/pay', url: 'https://echo-pay.com/', host: 'echo-pay.com', category: 'FinTech', active: true, registry_endpoint: 'https://echo-pay.com/mcp', registry_server: 'com.echo/pay' },
      { name: 'com.quebec/ai', url: 'https://www.quebec-ai.com/', host: 'quebec-ai.com', category: 'Other', active: true, registry_endpoint: 'https://www.quebec-ai.com/mcp', registry_server: 'com.quebec/ai' },
    ]);
    // Operator sites: name, category, source, activity and catalogue endpoint as they were; the first gained a registry endpoint
    // (its mcp. host belongs to it), the second already knew that URL.
    const operatorAfter = sites.filter((s) => s.source === 'catalogue');
    expect(operatorAfter).toEqual([
      { ...operatorBefore[0], registry_endpoint: 'https://mcp.operator-site.com/mcp', registry_server: 'com.operator-site/main' },
      operatorBefore[1],
    ]);
    expect(sites.some((s) => /juliet|delta|charlie|hotel|huge/.test(s.host))).toBe(false);

    // The next day's run adds nothing new and changes nothing.
    clock.set('2026-11-24T06:00:00Z');
    const before = await catalogue();
    registry.requests.length = 0;
    const next = await r.tick();
    expect(next).toEqual([expect.objectContaining({ status: 'succeeded', period: '2026-11-24' })]);
    expect(await catalogue()).toEqual(before);
    expect((await runs())[1]).toMatchObject({ status: 'succeeded', pages: 3, servers_read: 13, sites_added: 0, endpoints_added: 0 });

    // The admin panel's view of it.
    await recordSyncSettings(db.pool, { enabled: true, registryUrl: registry.url });
    const status = registrySyncStatusSchema.parse(await readRegistrySyncStatus(db.pool));
    expect(status).toMatchObject({ enabled: true, registryUrl: registry.url, lastRun: { status: 'succeeded', serversRead: 13, sitesAdded: 0, error: null } });
    expect(status.lastSuccessAt).toBe(status.lastRun?.finishedAt);
  });

  it('an unreachable registry: the run is recorded with the error, the catalogue is unchanged, and it is retried at most a few times a day', async () => {
    const before = await catalogue();
    const closed = await closedPortUrl();
    const r = syncRunner(settings(closed), 0);

    const [first] = await r.tick();
    expect(first).toMatchObject({ job: 'registry-sync', status: 'failed', summary: expect.stringContaining(`registry unreachable at ${closed}/v0.1/servers`) as unknown });
    expect(await runs()).toEqual([expect.objectContaining({ status: 'failed', pages: 0, sites_added: 0, error: expect.stringContaining('ECONNREFUSED') as unknown })]);
    expect(await catalogue()).toEqual(before);

    for (let i = 1; i < REGISTRY_SYNC_ATTEMPTS_PER_DAY; i++) expect((await r.tick())[0]?.status).toBe('failed');
    const last = await r.tick();
    expect(last).toEqual([expect.objectContaining({ status: 'succeeded', summary: expect.stringContaining('next try tomorrow') as unknown })]);
    expect(await runs()).toHaveLength(REGISTRY_SYNC_ATTEMPTS_PER_DAY);
    const status = await readRegistrySyncStatus(db.pool);
    expect(status).toMatchObject({ enabled: null, lastRun: { status: 'failed' }, lastSuccessAt: null });
    expect(status.lastRun?.error).toContain('ECONNREFUSED');
  });

  it.each([
    ['an HTML page', { status: 200, body: '<html><body>Maintenance</body></html>' }, 'registry answer is not JSON'],
    ['JSON that is no server list', { json: { servers: 'none', metadata: {} } }, 'registry answer is not a server list'],
    ['a server error', { status: 503, body: 'busy', contentType: 'text/plain' }, 'registry answered HTTP 503'],
    ['binary garbage', { status: 200, body: '\u0000\u0001\u00ff{{{', contentType: 'application/json' }, 'registry answer is not JSON'],
  ])('a garbage answer (%s) fails the run with a clear error and changes nothing', async (_label, answer, reason) => {
    registry.setPages({ '': answer });
    const before = await catalogue();
    const [result] = await syncRunner(settings(registry.url)).tick();
    expect(result?.status).toBe('failed');
    expect(await runs()).toEqual([expect.objectContaining({ status: 'failed', pages: 0, error: expect.stringContaining(reason) as unknown })]);
    expect(await catalogue()).toEqual(before);
  });

  it('a failure on a later page keeps the pages read before it and records the error', async () => {
    registry.setPages({ '': page([entry('com.alpha-tools/alpha', [remote('https://alpha-tools.io/mcp')])], 'p2'), p2: { status: 200, body: 'not json' } });
    const [result] = await syncRunner(settings(registry.url)).tick();
    expect(result?.status).toBe('failed');
    expect(await runs()).toEqual([expect.objectContaining({ status: 'failed', pages: 1, servers_read: 1, sites_added: 1, error: expect.stringContaining('not JSON') as unknown })]);
  });

  it('stops on a repeated cursor and at the page cap, as a partial run', async () => {
    registry.setPages({ '': page([entry('com.a/a', [remote('https://a-one.com/mcp')])], 'again'), again: page([entry('com.b/b', [remote('https://b-two.com/mcp')])], 'again') });
    await syncRunner(settings(registry.url)).tick();
    expect(await runs()).toEqual([expect.objectContaining({ status: 'partial', pages: 2, sites_added: 2, error: expect.stringContaining('repeated a cursor') as unknown })]);
    await stopRunners(); // the next runner needs the job lock

    clock.set('2026-11-24T06:00:00Z');
    registry.setPages(threePages());
    registry.requests.length = 0;
    await syncRunner(settings(registry.url, { maxPages: 2 })).tick();
    expect(registry.requests).toHaveLength(2);
    expect((await runs())[1]).toMatchObject({ status: 'partial', pages: 2, error: expect.stringContaining('page cap') as unknown });
  });

  it('a stop mid-read gives the read up at once: a partial run, none of the day’s attempts taken', async () => {
    registry.setPages({ '': { hang: true } });
    // started as the product starts it: its first pass runs at once, and a stop waits for the pass
    const r = startJobRunner({ databaseUrl: db.url, pool: db.pool, jobs: [registrySyncJob({ pool: db.pool, settings: settings(registry.url), log })], now: clock.now, log });
    await waitFor('the page request', async () => registry.requests.length, (n) => n > 0, { timeoutMs: 10_000 });
    const stopped = r.stop().then(() => 'stopped' as const);
    // a bounded window: before, the stop waited for the read's 20 s timeout
    const early = await Promise.race([stopped, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 2_000).unref())]);
    expect(early).toBe('stopped');
    expect(await runs()).toEqual([expect.objectContaining({ status: 'partial', pages: 0, error: expect.stringContaining('the scheduler stopped') as unknown })]);
    expect(await countFailedRunsSince(db.pool, new Date('2026-11-23T05:00:00Z'))).toBe(0);
  });

  it('only the scheduler holding the job lock runs it: two schedulers, one run', async () => {
    registry.setPages(threePages());
    const a = syncRunner(settings(registry.url));
    const b = syncRunner(settings(registry.url));
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect([ra.length, rb.length].sort()).toEqual([0, 1]);
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    expect(await runs()).toHaveLength(1);
    expect(registry.requests).toHaveLength(3);
    // The standby stays idle on later ticks too, while the leader finds the day done.
    expect(await (a.isLeader() ? b : a).tick()).toEqual([]);
    expect(await (a.isLeader() ? a : b).tick()).toEqual([]);
    expect(registry.requests).toHaveLength(3);
  });
});

describe('a run cut off by a crash', () => {
  it('is closed as interrupted by the next run, which reads the list again', async () => {
    await db.pool.query(`INSERT INTO registry_sync_runs (registry_url, started_at, status, pages) VALUES ($1, '2026-11-23T05:00:00Z', 'running', 1)`, [registry.url]);
    registry.setPages(threePages());
    expect((await syncRunner(settings(registry.url)).tick())[0]?.status).toBe('succeeded');
    expect(await runs()).toEqual([
      expect.objectContaining({ status: 'failed', pages: 1, error: expect.stringContaining('interrupted') as unknown }),
      expect.objectContaining({ status: 'succeeded', pages: 3, sites_added: 4 }),
    ]);
    expect((await readRegistrySyncStatus(db.pool)).lastRun).toMatchObject({ status: 'succeeded', sitesAdded: 4 });
  });
});

describe('REGISTRY_SYNC', () => {
  it('off: no registry job, so a scheduler never reads the registry', async () => {
    registry.setPages(threePages());
    const off = registrySyncSettings(loadConfig({ REGISTRY_SYNC: 'off', REGISTRY_URL: registry.url }));
    expect(off).toBeUndefined();
    // The scheduler's job list, as startScheduledJobs builds it (nothing here connects anywhere).
    const clickhouse = createClient({ url: 'http://127.0.0.1:9' });
    const mailer = createMailer({ smtpUrl: undefined, from: 'reports@census.test', outboxDir: '/nonexistent', log });
    const names = (registrySync: RegistrySyncSettings | undefined) =>
      buildScheduledJobs({ pool: db.pool, clickhouse, mailer, unsubscribeSecret: 'x'.repeat(32), publicUrl: 'http://census.test', retention: { scanDataDays: 730, eventDays: 30 }, registrySync, log }).map((j) => j.name);
    expect(names(off)).not.toContain('registry-sync');
    expect(names(registrySyncSettings(loadConfig({ REGISTRY_SYNC: 'on', REGISTRY_URL: registry.url })))).toContain('registry-sync');
    await clickhouse.close();
    const jobs = off ? [registrySyncJob({ pool: db.pool, settings: off, log })] : [];
    expect(await runner(jobs).tick()).toEqual([]);
    expect(registry.requests).toHaveLength(0);
    expect(await runs()).toEqual([]);
  });

  it('defaults: on with the official registry, off where the scanner may reach private addresses (tests, the simulated web) unless set on', () => {
    expect(registrySyncSettings(loadConfig({}))).toMatchObject({ url: 'https://registry.modelcontextprotocol.io' });
    expect(registrySyncSettings(loadConfig({ SCAN_ALLOW_PRIVATE: 'true' }))).toBeUndefined();
    expect(registrySyncSettings({ ...loadConfig({}), scan: { ...loadConfig({}).scan, allowPrivate: true } })).toBeUndefined(); // npm run demo's override
    expect(registrySyncSettings(loadConfig({ SCAN_ALLOW_PRIVATE: 'true', REGISTRY_SYNC: 'on', REGISTRY_URL: `${registry.url}/` }))).toMatchObject({ url: registry.url });
  });

  it.each([
    ['REGISTRY_SYNC', 'yes', 'must be on or off'],
    ['REGISTRY_URL', 'ftp://registry.example.com', 'http:// or https://'],
    ['REGISTRY_URL', 'https://user:pw@registry.example.com', 'without credentials'],
    ['REGISTRY_URL', 'not a url', 'http:// or https://'],
  ])('rejects %s=%s naming the variable', (variable, value, hint) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`${variable} .*${hint.replace(/[/.]/g, '\\$&')}`));
  });
});
