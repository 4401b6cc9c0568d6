import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanCompletedPayloadSchema, websiteDetailSchema, type ScanResult } from '@mcp-census/schemas';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, hash, mcpResult, richResult } from '../../../streams/test/projector-state/helpers';
import { listWebsites } from '../../src/queries/list-websites';
import { readWebsite } from '../../src/queries/website-detail';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-05-02T12:00:00Z');
const T = (h: number) => new Date(Date.UTC(2026, 4, 2, h));

beforeAll(async () => {
  db = await createTestDatabase('scan_evidence_reads');
});
afterAll(async () => {
  await db?.drop();
});

describe('projecting evidence, per-list truncation, resource templates and tool annotations', () => {
  it('round-trips all of them to the website detail and list reads, in the API shapes', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 10 });
    await projectScanCompleted(db.pool, [completed(id!, T(1), richResult('a'))], { now });
    const site = websiteDetailSchema.parse(await readWebsite(db.pool, id!));
    const scan = site.latestScan!;
    expect(scan).toMatchObject({ evidence: 'handshake', toolsCount: 2, toolsTruncated: true, resourcesTruncated: false, promptsTruncated: false, resourceTemplatesCount: 2, resourceTemplatesTruncated: false });
    expect(scan.tools.map((t) => t.annotations)).toEqual([
      { title: 'Search a', readOnlyHint: true, openWorldHint: false },
      { destructiveHint: true, idempotentHint: true },
    ]);
    expect(scan.resourceTemplates).toEqual([
      { id: `${id}-0`, name: 'tpl_0_a', uriTemplate: 'repo://{owner}/{repo}/0', description: '<b>Template</b> a', hash: hash('tpl0a') },
      { id: `${id}-1`, name: 'tpl_1_a', uriTemplate: 'repo://{owner}/{repo}/1', description: null, hash: hash('tpl1a') },
    ]);
    const row = (await listWebsites(db.pool, { search: 'Site 00011' })).websites[0];
    expect(row?.latestScan).toMatchObject({ evidence: 'handshake', toolsTruncated: true, resourcesTruncated: false, resourceTemplatesCount: 2 });
  });

  it('marks every list of an MCP server behind an auth wall as unknown, never as none', async () => {
    const [wall, oauth] = await addSites(db.pool, 2, { offset: 20 });
    const behindAuth = (evidence: 'auth-wall' | 'oauth-metadata'): ScanResult => ({ ...mcpResult(0, evidence), resources: [], prompts: [], evidence, authRequired: true });
    await projectScanCompleted(db.pool, [completed(wall!, T(1), behindAuth('auth-wall')), completed(oauth!, T(1), behindAuth('oauth-metadata'))], { now });
    for (const [id, evidence] of [[wall!, 'auth-wall'], [oauth!, 'oauth-metadata']] as const) {
      const scan = (await readWebsite(db.pool, id))!.latestScan!;
      expect(scan).toMatchObject({ evidence, toolsCount: 0, toolsTruncated: true, resourcesTruncated: true, promptsTruncated: true, resourceTemplatesTruncated: true });
    }
  });

  it('still projects an event from before these fields; its lone listsTruncated marks every list', async () => {
    const [plain, cut] = await addSites(db.pool, 2, { offset: 30 });
    const legacy = (listsTruncated: boolean) => {
      const { evidence, toolsTruncated, resourcesTruncated, promptsTruncated, resourceTemplatesTruncated, resourceTemplates, endpointHints, ...old } = mcpResult(3, 'old');
      void [evidence, toolsTruncated, resourcesTruncated, promptsTruncated, resourceTemplatesTruncated, resourceTemplates, endpointHints];
      return scanCompletedPayloadSchema.parse({ websiteId: 1, url: 'https://x.example', batchId: null, scanTime: T(2).toISOString(), result: { ...old, listsTruncated } }).result;
    };
    await projectScanCompleted(db.pool, [completed(plain!, T(2), legacy(false)), completed(cut!, T(2), legacy(true))], { now });
    expect((await readWebsite(db.pool, plain!))!.latestScan).toMatchObject({ evidence: null, toolsCount: 3, toolsTruncated: false, resourcesTruncated: false, resourceTemplates: [] });
    expect((await readWebsite(db.pool, cut!))!.latestScan).toMatchObject({ toolsCount: 3, toolsTruncated: true, resourcesTruncated: true, promptsTruncated: true });
  });
});
