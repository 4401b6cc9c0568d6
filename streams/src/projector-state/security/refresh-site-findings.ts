import type pg from 'pg';
import type { ScanResult, SecurityFinding } from '@mcp-census/schemas';
import type { TypedEnvelope } from '../../kafka/envelope';
import { detectSiteFindings, type PreviousDefinition } from '../../security/index';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from '../json-rows';
import { groupBySite, readStoredScans, storedScanOf } from './stored-scan';

type Completed = TypedEnvelope<'scan.completed'>;

const FINDING_COLUMNS: readonly JsonRowColumn[] = [
  { name: 'website_id', type: 'bigint' },
  { name: 'position', type: 'integer' },
  { name: 'technique_id', type: 'text' },
  { name: 'severity', type: 'text' },
  { name: 'subject_kind', type: 'text' },
  { name: 'subject_name', type: 'text' },
  { name: 'evidence', type: 'text' },
  { name: 'detail', type: 'jsonb' },
];
const FINDING_NAMES = FINDING_COLUMNS.map((c) => c.name).join(', ');
const INSERT_FINDINGS_SQL = `INSERT INTO site_findings (${FINDING_NAMES}) SELECT ${FINDING_NAMES} FROM ${jsonRowsFrom(1, FINDING_COLUMNS)} AS x`;

type Row = Record<string, unknown>;

/**
 * Re-runs the per-site detectors for `sites` (those whose findings input moved:
 * recordFingerprints, markBaselineMoves) over what is projected now (latest scan,
 * its items, the previous scan's definitions) and replaces their findings. Same
 * rows in, same findings out: order-tolerant because its inputs are. `written`
 * holds the events whose latest scan and items this chunk has just stored: their
 * scans are rebuilt from the events as the rows give them back (storedScanOf)
 * instead of being read back.
 */
export async function refreshSiteFindings(client: pg.PoolClient, sites: readonly number[], written: ReadonlyMap<number, Completed> = new Map()): Promise<void> {
  const ids = [...new Set(sites)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const scans = new Map<number, ScanResult>();
  for (const site of ids) {
    const event = written.get(site);
    const scan = event ? storedScanOf(event) : undefined;
    if (scan) scans.set(site, scan);
  }
  // one client in a transaction: its queries run one after another
  for (const [site, scan] of await readStoredScans(client, ids.filter((site) => !scans.has(site)))) scans.set(site, scan);
  const prevScans = await client.query<{ website_id: string }>('SELECT website_id FROM site_previous_scans WHERE website_id = ANY($1::bigint[])', [ids]);
  const prevDefs = await client.query<Row>('SELECT website_id, kind, name, hash FROM site_previous_definitions WHERE website_id = ANY($1::bigint[])', [ids]);
  const prevBy = groupBySite(prevDefs.rows);
  const hasPrevious = new Set(prevScans.rows.map((r) => Number(r.website_id)));

  const findings: SecurityFinding[] = [];
  for (const [site, scan] of scans) {
    const previous: PreviousDefinition[] | null = hasPrevious.has(site)
      ? (prevBy.get(site) ?? []).map((d) => ({ kind: d.kind as PreviousDefinition['kind'], name: String(d.name), hash: String(d.hash) }))
      : null;
    findings.push(...detectSiteFindings({ websiteId: site, result: scan, previous }));
  }

  await client.query('DELETE FROM site_findings WHERE website_id = ANY($1::bigint[])', [ids]);
  if (findings.length === 0) return;
  const position = new Map<number, number>();
  const rows = findings.map((f) => {
    const n = position.get(f.websiteId) ?? 0;
    position.set(f.websiteId, n + 1);
    return [f.websiteId, n, f.techniqueId, f.severity, f.subjectKind, f.subjectName, f.evidence, f.detail ?? null];
  });
  await client.query(INSERT_FINDINGS_SQL, [jsonRows(FINDING_COLUMNS, rows)]);
}
