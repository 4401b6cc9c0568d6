import type pg from 'pg';

/** Tables a replay of scan.completed.v1 / scan.log.v1 from offset 0 rebuilds. */
export const REBUILDABLE_STATE_TABLES = ['latest_scans', 'site_tools', 'site_resources', 'site_prompts', 'recent_scans', 'scan_logs', 'projection_processed_events',
  'site_previous_scans', 'site_previous_definitions', 'site_findings', 'tool_name_keys', 'site_content_hashes',
  'site_resource_templates', 'site_scan_outcomes', 'site_liveness'] as const;

/**
 * Empties the state projection so a replay from offset 0 rebuilds it. Never
 * touches websites, app_settings or the scheduling tables. scan_history_reports
 * holds daily snapshots of past state that a replay cannot recreate, so it is
 * kept unless `resetHistory` is set. Run it with the projector stopped and its
 * consumer-group offsets reset to the beginning.
 */
export async function rebuildStateProjection(pool: pg.Pool, opts: { resetHistory?: boolean } = {}): Promise<{ truncated: string[] }> {
  const tables: string[] = [...REBUILDABLE_STATE_TABLES];
  if (opts.resetHistory) tables.push('scan_history_reports');
  await pool.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`);
  return { truncated: tables };
}
