import type { Server } from 'node:http';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app';
import { exportRoutes } from '../../src/http/routes/export-route';
import { unsubscribeRoutes } from '../../src/http/routes/unsubscribe-route';
import { startJobRunner, type RunningJobRunner } from '../../src/jobs/job-runner';
import { createMailer, type Mailer } from '../../src/jobs/mailer';
import { buildScheduledJobs } from '../../src/jobs/start-scheduled-jobs';
import { resolveUnsubscribeSecret } from '../../src/jobs/unsubscribe-token';
import { adoptionTrend } from '../../src/queries/adoption-trend';
import { readCategoryStats } from '../../src/queries/category-stats';
import { readSecurityAnalytics } from '../../src/queries/security-analytics';
import { createPublicData } from '../../src/services/public-data';
import { HOSTILE_NAME, seedCensus, type SeededCensus } from './support/census-seed';
import { addSubscriptions, captureLog, createJobsStores, testClock, type TestDatabase } from './support/jobs-fixture';
import { mailParts } from './support/mime';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture';
import { stringContaining } from '../matchers';

let stores: Awaited<ReturnType<typeof createJobsStores>>;
let db: TestDatabase;
let clickhouse: ClickHouseClient;
let census: SeededCensus;
let smtp: SmtpCapture;
let mailer: Mailer;
let server: Server;
let base: string;
let runner: RunningJobRunner;
const clock = testClock('2026-11-23T07:00:00Z');
const { log } = captureLog();

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const subjects = () => smtp.mails.map((m) => `${m.to.join(',')}: ${mailParts(m.raw).headers.get('subject')}`).sort();

beforeAll(async () => {
  stores = await createJobsStores('report_mail');
  ({ db, clickhouse } = stores);
  census = await seedCensus(db.pool, clickhouse);
  smtp = await startSmtpCapture();
  const unsubscribeSecret = await resolveUnsubscribeSecret(db.pool, undefined);
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [unsubscribeRoutes({ pool: db.pool, unsubscribeSecret }), exportRoutes(createPublicData({ pool: db.pool, clickhouse, now: clock.now }), 'http://census.test', clock.now)],
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  mailer = createMailer({ smtpUrl: smtp.url, from: 'MCP Census <reports@census.test>', outboxDir: '/nonexistent', log });
  const jobs = buildScheduledJobs({ pool: db.pool, clickhouse, mailer, unsubscribeSecret, publicUrl: base, retention: { scanDataDays: 730, eventDays: 30 }, log });
  runner = startJobRunner({ databaseUrl: db.url, pool: db.pool, jobs: jobs.filter((j) => j.name.startsWith('report-emails')), now: clock.now, autoStart: false, log });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await mailer?.close();
  await smtp?.close();
  server?.close();
  await stores?.drop();
});

beforeEach(async () => {
  await db.pool.query('TRUNCATE subscriptions, report_deliveries, scheduled_job_runs');
  smtp.mails.length = 0;
});

describe('e-mailed adoption reports', () => {
  it('sends the weekly digest with the figures the databases hold, as HTML and text, with a working unsubscribe link', async () => {
    clock.set('2026-11-23T07:00:00Z'); // a Monday
    const [aliceId] = await addSubscriptions(db.pool, [
      { email: 'alice@example.test', frequency: 'weekly', at: new Date('2026-11-20T12:00:00Z') },
      { email: 'carol@example.test', frequency: 'monthly', at: new Date('2026-11-20T12:00:00Z') }, // joined after November's report
    ]);
    const results = await runner.tick();
    expect(results.map((r) => [r.job, r.period, r.status])).toEqual([
      ['report-emails-daily', '2026-11-23', 'succeeded'],
      ['report-emails-weekly', '2026-W48', 'succeeded'],
      ['report-emails-monthly', '2026-11', 'succeeded'],
    ]);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['alice@example.test']);
    expect(mail?.from).toBe('reports@census.test');
    const { headers, text, html } = mailParts(mail?.raw ?? '');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);

    // the figures, recomputed from the databases
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE l.has_mcp)::int AS mcp, COALESCE(sum(l.tools_count) FILTER (WHERE l.has_mcp), 0)::int AS tools,
              COALESCE(sum(l.resources_count) FILTER (WHERE l.has_mcp), 0)::int AS resources, COALESCE(sum(l.prompts_count) FILTER (WHERE l.has_mcp), 0)::int AS prompts
         FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id WHERE w.active`,
    );
    expect(rows[0]).toEqual({ total: 12, mcp: 4, tools: 14, resources: 4, prompts: 4 });
    const trend = await adoptionTrend(clickhouse, { days: 7, now: clock.now() });
    const security = await readSecurityAnalytics(db.pool);
    expect(security.totalVulnerabilities).toBeGreaterThan(0);
    const categories = (await readCategoryStats(db.pool)).filter((c) => c.mcpAdoption > 0);

    expect(headers.get('subject')).toBe('MCP Census weekly report, week 48 of 2026: 4 of 12 platforms (33.3%) expose MCP');
    expect(headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${base}/api/unsubscribe\\?token=${aliceId}\\.[A-Za-z0-9_-]{43}>$`));
    expect(headers.get('message-id')).toBe(`<report-2026-W48-${aliceId}@127.0.0.1>`);
    // the window opens with site 9 alone (MCP since 5 November) and closes with 10 scanned sites, 4 with MCP
    expect(trend[0]).toMatchObject({ totalWebsites: 1, mcpEnabledCount: 1, adoptionRate: 100 });
    expect(trend.at(-1)).toMatchObject({ totalWebsites: 10, mcpEnabledCount: 4, adoptionRate: 40 });
    const summary = [
      '4 of 12 monitored platforms (33.3%) expose MCP.',
      'Over the last 7 days, MCP-enabled platforms grew from 1 to 4 (+300.0%) with 3 new adoptions, and the adoption rate fell from 100.0% to 40.0% (-60.0 points).',
    ];
    for (const part of [text, html]) {
      expect(part).toContain('Weekly report, week 48 of 2026');
      for (const sentence of summary) expect(part).toContain(sentence);
      expect(part).toMatch(/ leads (both )?by adoption rate \(/);
      expect(part).toContain('3 platforms exposed MCP for the first time in the last 7 days:');
      expect(part).toContain('Site 00004');
      expect(part).toContain('Site 00007');
      expect(part).not.toContain('Site 00010'); // adopted before the week
    }
    expect(text).toContain('Generated Monday, 23 November 2026 at 07:00 UTC from ' + base);
    expect(text).toContain('Platforms monitored: 12 — ');
    expect(text).toContain('MCP-enabled platforms: 4 — +3 (+300.0%) in 7 days');
    expect(text).toContain('Adoption rate: 33.3% — ');
    for (const line of ['Tools: 14 — ', 'Resources: 4 — ', 'Prompts: 4 — ']) expect(text).toContain(line);
    expect(text).toContain(`${security.totalVulnerabilities} potential vulnerabilities (SAFE-MCP heuristics): ${security.critical} critical, ${security.high} high, ${security.medium} medium, ${security.low} low.`);
    for (const t of security.topVulnerabilities.slice(0, 5)) {
      expect(text).toContain(`- ${t.techniqueId} ${t.techniqueName} (${t.severity}, ${t.tactic}): ${t.affectedServers} affected server${t.affectedServers === 1 ? '' : 's'}`);
    }
    for (const c of categories) expect(text).toContain(`- ${c.category}: ${c.mcpAdoption} of ${c.totalPlatforms} platforms (${c.adoptionRate.toFixed(1)}%)`);
    expect(html).toContain('<span class="kpi-label">Platforms monitored</span><span class="kpi-value">12</span>');
    expect(html).toContain('<span class="kpi-label">MCP-enabled platforms</span><span class="kpi-value">4</span>');
    expect(html).toContain('<span class="kpi-label">Adoption rate</span><span class="kpi-value">33.3%</span>');
    expect(html).not.toMatch(/<svg [^>]*role="img"/); // mail clients drop inline SVG: the e-mail carries the tables
    expect(html).toContain('<table class="trend">');
    expect(html).toContain(`${security.totalVulnerabilities} potential vulnerabilities`);

    // scanned text: escaped in HTML, kept on one line in the text part
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Evil');
    expect(html).not.toMatch(/<img|<script/i);
    expect(text).toContain('- <img src=x onerror=alert(1)> Evil FAKE LINE (https://site1.example)');
    expect(text.split('\n')).not.toContain('FAKE LINE');
    expect(HOSTILE_NAME).toContain('\n');

    // the link in the mail unsubscribes
    const link = /^Unsubscribe: (\S+)$/m.exec(text)?.[1] ?? '';
    expect(html).toContain(`href="${link}"`);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect((await db.pool.query('SELECT is_active FROM subscriptions WHERE id = $1', [aliceId])).rows[0]).toEqual({ is_active: false });
    clock.set('2026-11-30T07:00:00Z');
    await runner.tick();
    expect(smtp.mails).toHaveLength(1);
  });

  it('sends at the frequency boundaries, once per period, and after downtime only the latest period', async () => {
    await addSubscriptions(db.pool, [
      { email: 'daily@example.test', frequency: 'daily', at: new Date('2026-11-22T12:00:00Z') },
      { email: 'weekly@example.test', frequency: 'weekly', at: new Date('2026-11-17T12:00:00Z') },
      { email: 'monthly@example.test', frequency: 'monthly', at: new Date('2026-11-02T12:00:00Z') },
    ]);
    const step = async (iso: string) => {
      clock.set(iso);
      smtp.mails.length = 0;
      await runner.tick();
      return subjects();
    };
    expect(await step('2026-11-23T06:59:59Z')).toEqual([]);
    expect(await step('2026-11-23T07:00:00Z')).toEqual([
      'daily@example.test: MCP Census daily report, 23 November 2026: 4 of 12 platforms (33.3%) expose MCP',
      'weekly@example.test: MCP Census weekly report, week 48 of 2026: 4 of 12 platforms (33.3%) expose MCP',
    ]);
    expect(await step('2026-11-23T07:01:00Z')).toEqual([]);
    // down from Monday to Sunday night: one daily report (the latest), not six
    expect(await step('2026-11-29T23:59:59Z')).toEqual(['daily@example.test: MCP Census daily report, 29 November 2026: 4 of 12 platforms (33.3%) expose MCP']);
    expect(await step('2026-11-30T07:00:00Z')).toEqual([
      'daily@example.test: MCP Census daily report, 30 November 2026: 4 of 12 platforms (33.3%) expose MCP',
      'weekly@example.test: MCP Census weekly report, week 49 of 2026: 4 of 12 platforms (33.3%) expose MCP',
    ]);
    expect(await step('2026-12-01T06:59:59Z')).toEqual([]);
    expect(await step('2026-12-01T07:00:00Z')).toEqual([
      'daily@example.test: MCP Census daily report, 1 December 2026: 4 of 12 platforms (33.3%) expose MCP',
      'monthly@example.test: MCP Census monthly report, December 2026: 4 of 12 platforms (33.3%) expose MCP',
    ]);
    // the monthly report covers 30 days: the early adopter is in it
    const monthly = mailParts(mailsTo('monthly@example.test')[0]?.raw ?? '');
    expect(monthly.text).toContain('in the last 30 days');
    expect(monthly.text).toContain('Site 00010');
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM report_deliveries WHERE status = 'sent'");
    expect(rows[0]).toEqual({ n: 7 });
  });

  it('retries a mail the server refused for now, and never one it refused for good', async () => {
    clock.set('2026-11-23T07:00:00Z');
    await addSubscriptions(db.pool, [
      { email: 'later@example.test', frequency: 'weekly', at: new Date('2026-11-20T00:00:00Z') },
      { email: 'never@example.test', frequency: 'weekly', at: new Date('2026-11-20T00:00:00Z') },
    ]);
    smtp.rejectNext(1, 451); // later@ (lower id) first
    smtp.rejectNext(1, 550);
    const [first] = (await runner.tick()).filter((r) => r.job === 'report-emails-weekly');
    expect(first).toMatchObject({ status: 'failed', summary: stringContaining('1 to retry') });
    expect(smtp.mails).toHaveLength(0);
    const statuses = async () => (await db.pool.query<{ email: string; status: string; attempts: number }>('SELECT s.email, d.status, d.attempts FROM report_deliveries d JOIN subscriptions s ON s.id = d.subscription_id ORDER BY s.email')).rows;
    expect(await statuses()).toEqual([
      { email: 'later@example.test', status: 'retry', attempts: 1 },
      { email: 'never@example.test', status: 'abandoned', attempts: 1 },
    ]);
    clock.set('2026-11-23T07:06:00Z'); // the run is due again, the delivery not yet
    await runner.tick();
    expect(smtp.mails).toHaveLength(0);
    clock.set('2026-11-23T07:12:00Z');
    const [second] = (await runner.tick()).filter((r) => r.job === 'report-emails-weekly');
    expect(second?.status).toBe('succeeded');
    expect(smtp.mails.map((m) => m.to)).toEqual([['later@example.test']]);
    expect(await statuses()).toEqual([
      { email: 'later@example.test', status: 'sent', attempts: 2 },
      { email: 'never@example.test', status: 'abandoned', attempts: 1 },
    ]);
  });

  it('renders the export download with the same renderer and sections, as an HTML attachment named with the date', async () => {
    clock.set('2026-11-23T07:00:00Z');
    const res = await fetch(`${base}/api/export/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mcp-adoption-report-2026-11-23.html"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect([...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Summary',
      'Adoption trend',
      'Categories',
      'Newly adopting platforms',
      'Security summary',
      'MCP-enabled platforms (4 listed)',
      'Methodology',
    ]);
    expect(html).toContain('<time datetime="2026-11-23T07:00:00.000Z">Monday, 23 November 2026 at 07:00 UTC</time>');
    expect(html).toContain('from <a href="http://census.test">http://census.test</a>');
    // the 30-day window opens before the first scan: no baseline, so no made-up change
    expect(html).toContain('There is not enough history yet to measure a change over the last 30 days; 4 platforms adopted MCP for the first time in that period.');
    expect(html).not.toMatch(/[+-]0\.0%/);
    expect([...html.matchAll(/<svg [^>]*role="img"[^>]*>/g)]).toHaveLength(2);
    expect(html).toContain('4 platforms exposed MCP for the first time in the last 30 days:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Evil');
    expect(html).not.toMatch(/<img|<script/i);
    expect(html).not.toContain('Unsubscribe');
    expect(census.recentAdopters).toHaveLength(3);
  });
});
