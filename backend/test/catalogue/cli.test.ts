import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, freshDatabase, sites, tempFile } from './helpers';

const REPO = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(REPO, 'backend/src/cli/import-sites.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('sites:import CLI', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_cli');
  });
  afterAll(() => db?.drop());

  it('imports a file and prints the summary with each reject', async () => {
    const file = await tempFile(
      'sites.csv',
      csv('name,url,category', 'Alpha,https://alpha.example.com,AI', 'Beta,https://beta.example.com,fintech', 'Alpha again,https://www.alpha.example.com,AI', 'Nope,https://nope.example.com,Crypto'),
    );
    const first = await runCli([file], { DATABASE_URL: db.url });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Imported ${file} (4 data rows)`);
    expect(first.stdout).toMatch(/^inserted:\s+2$/m);
    expect(first.stdout).toMatch(/^updated:\s+0$/m);
    expect(first.stdout).toMatch(/^unchanged:\s+0$/m);
    expect(first.stdout).toMatch(/^rejected:\s+2$/m);
    expect(first.stdout).toContain('  line 4: duplicate of line 2');
    expect(first.stdout).toMatch(/ {2}line 5: category "Crypto" is not one of: E-commerce, /);

    const second = await runCli([file], { DATABASE_URL: db.url });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^inserted:\s+0$/m);
    expect(second.stdout).toMatch(/^unchanged:\s+2$/m);

    const rows = await sites(db.pool);
    expect(rows.map((r) => [r.host, r.category, r.source])).toEqual([
      ['alpha.example.com', 'AI', 'import'],
      ['beta.example.com', 'FinTech', 'import'],
    ]);
  });

  it('imports the optional mcp_endpoint and source columns', async () => {
    const file = await tempFile(
      'endpoints.csv',
      csv('name,url,category,mcp_endpoint,source', 'Gamma,https://gamma.example.com,AI,https://mcp.gamma.example.com/mcp,https://gamma.example.com/docs/mcp', 'Delta,https://delta.example.com,AI,http://mcp.delta.example.com,'),
    );
    const run = await runCli([file], { DATABASE_URL: db.url });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^inserted:\s+1$/m);
    expect(run.stdout).toContain('  line 3: mcp_endpoint must be an https:// URL');
    const { rows } = await db.pool.query("SELECT catalogue_endpoint, catalogue_endpoint_source FROM websites WHERE host = 'gamma.example.com'");
    expect(rows).toEqual([{ catalogue_endpoint: 'https://mcp.gamma.example.com/mcp', catalogue_endpoint_source: 'https://gamma.example.com/docs/mcp' }]);
  });

  it('exits 2 with usage when no file (or too many) is given', async () => {
    const none = await runCli([], { DATABASE_URL: db.url });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: npm run sites:import -- FILE\.csv/);
    const two = await runCli(['a.csv', 'b.csv'], { DATABASE_URL: db.url });
    expect(two.code).toBe(2);
    const unknown = await runCli(['--force', 'a.csv'], { DATABASE_URL: db.url });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option: --force/);
  });

  it('exits 1 with a message when DATABASE_URL is missing', async () => {
    const file = await tempFile('sites.csv', csv('name,url,category', 'Alpha,https://alpha.example.com,AI'));
    const run = await runCli([file], { DATABASE_URL: undefined });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/DATABASE_URL is not set/);
    expect(run.stdout).toBe('');
  });

  it('exits 1 on an unreadable file, a bad header, or a database error', async () => {
    const missing = await runCli(['/nonexistent/sites.csv'], { DATABASE_URL: db.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot import \/nonexistent\/sites\.csv: cannot read/);

    const badHeader = await tempFile('bad.csv', 'title,link\nA,https://a.example.com\n');
    const bad = await runCli([badHeader], { DATABASE_URL: db.url });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad header on line 1/);

    const good = await tempFile('sites.csv', csv('name,url,category', 'Alpha,https://alpha.example.com,AI'));
    const unreachable = new URL(db.url);
    unreachable.pathname = '/no_such_database_for_cli_test';
    const dbError = await runCli([good], { DATABASE_URL: unreachable.toString() });
    expect(dbError.code).toBe(1);
    expect(dbError.stderr).toMatch(/Database error: .*no_such_database_for_cli_test/);
  });
});
