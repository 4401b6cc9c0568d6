import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { rebuildStateProjection } from '../../src/projector-state/rebuild';
import { addSites, completed, richResult, templates } from './helpers';
import { readProjectedSite } from './state-rows';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-05-02T12:00:00Z');
const T = (h: number) => new Date(Date.UTC(2026, 4, 2, h));

beforeAll(async () => {
  db = await createTestDatabase('projector_evidence');
});
afterAll(async () => {
  await db?.drop();
});

const templateRows = async (id: number) =>
  (await db.pool.query<{ position: number; name: string; uri_template: string; description: string | null }>('SELECT position, name, uri_template, description FROM site_resource_templates WHERE website_id = $1 ORDER BY position', [id])).rows;

describe('projecting resource templates', () => {
  it('folds a site twice in one chunk to its newest templates, and rewrites them only when they change', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 40 });
    const older = completed(id!, T(3), richResult('old'));
    const newer = completed(id!, T(4), richResult('new', { resourceTemplates: templates('new', 3) }));
    await projectScanCompleted(db.pool, [newer, older, newer], { now });
    expect((await templateRows(id!)).map((r) => r.name)).toEqual(['tpl_0_new', 'tpl_1_new', 'tpl_2_new']);
    expect((await readProjectedSite(db.pool, id!)).latestScan?.resourceTemplatesCount).toBe(3);

    // an unchanged rescan writes no template row (the rows keep their physical identity)
    const ctids = async () => (await db.pool.query<{ ctid: string }>('SELECT ctid::text FROM site_resource_templates WHERE website_id = $1 ORDER BY position', [id])).rows;
    const before = await ctids();
    await projectScanCompleted(db.pool, [completed(id!, T(5), richResult('new', { resourceTemplates: templates('new', 3) }))], { now });
    expect(await ctids()).toEqual(before);

    // a newer scan without templates empties the set; an older one arriving late changes nothing
    await projectScanCompleted(db.pool, [completed(id!, T(6), richResult('none', { resourceTemplates: [] }))], { now });
    await projectScanCompleted(db.pool, [completed(id!, T(1), richResult('late'))], { now });
    expect(await templateRows(id!)).toEqual([]);
    expect((await readProjectedSite(db.pool, id!)).latestScan).toMatchObject({ resourceTemplatesCount: 0, resourceTemplates: [] });
  });

  it('rebuilds the templates from a replay', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 50 });
    const events = [completed(id!, T(7), richResult('replay'))];
    await projectScanCompleted(db.pool, events, { now });
    const latest = async () => (await db.pool.query<Record<string, unknown>>('SELECT * FROM latest_scans WHERE website_id = $1', [id])).rows;
    const before = { latest: await latest(), templates: await templateRows(id!) };
    expect(before.templates).toHaveLength(2);
    await rebuildStateProjection(db.pool);
    expect(await templateRows(id!)).toEqual([]);
    await projectScanCompleted(db.pool, events, { now });
    expect(await templateRows(id!)).toEqual(before.templates);
    expect(await latest()).toEqual(before.latest);
  });
});
