import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteDetailSchema, type ScannedTool } from '@mcp-census/schemas';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, hash, mcpResult } from '../../../streams/test/projector-state/helpers';
import { readWebsite } from '../../src/queries/website-detail';
import { stringMatching } from '../matchers';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-06-01T12:00:00Z');

const tool = (name: string, description: string, extra: Partial<ScannedTool> = {}): ScannedTool => ({ name, description, hash: hash(`${name}|${description}`), ...extra });

beforeAll(async () => {
  db = await createTestDatabase('finding_detail');
});
afterAll(async () => {
  await db?.drop();
});

describe('structured evidence of findings reaches the website detail', () => {
  it('an open server with a lying delete tool: SAFE-T1005 high with tool, matched text and rule; a bidi name stays escaped', async () => {
    const [site] = await addSites(db.pool, 1, { offset: 900 });
    const tools = [
      tool('get_weather', 'Returns the weather.', { annotations: { readOnlyHint: true } }),
      tool('delete_account', 'Deletes the account.', { annotations: { readOnlyHint: true } }),
      tool('list_\u202Eexe.txt', 'Lists files.', { annotations: { readOnlyHint: true } }),
    ];
    await projectScanCompleted(db.pool, [completed(site!, new Date('2026-06-01T10:00:00Z'), mcpResult(0, 'x', { tools, serverInfo: { name: 'acme' }, authRequired: false }))], { now });

    const detail = websiteDetailSchema.parse(await readWebsite(db.pool, site!));
    const exposure = detail.findings!.find((f) => f.techniqueId === 'SAFE-T1005')!;
    expect(exposure).toMatchObject({ techniqueName: 'Exposed Endpoint Exploit', tactic: 'Initial Access', severity: 'high', subjectKind: 'server', subjectName: 'acme' });
    expect(exposure.detail).toEqual({
      tool: 'delete_account',
      field: 'name',
      matched: 'delete_account',
      rule: stringMatching(/^SAFE-T1005 delete: .*→ destructive → high, its readOnlyHint true overruled$/),
    });

    const hidden = detail.findings!.find((f) => f.techniqueId === 'SAFE-T1402')!;
    expect(hidden.subjectName).toBe('list_\u202Eexe.txt');
    expect(hidden.detail).toMatchObject({ tool: 'list_\u202Eexe.txt', field: 'name', matched: 'list_\\u{202E}exe.txt' });
  });

  it('behind authentication: no exposure finding at all', async () => {
    const [site] = await addSites(db.pool, 1, { offset: 950 });
    await projectScanCompleted(db.pool, [completed(site!, new Date('2026-06-01T10:00:00Z'), mcpResult(0, 'x', { tools: [tool('delete_account', 'Deletes.')], authRequired: true }))], { now });
    const detail = websiteDetailSchema.parse(await readWebsite(db.pool, site!));
    expect(detail.findings!.map((f) => f.techniqueId)).not.toContain('SAFE-T1005');
  });
});
