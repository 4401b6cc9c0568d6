import pg from 'pg';

/**
 * The plans of every statement `run` executes on one connection, triggers' and functions'
 * nested statements included: auto_explain reports them to the client as notices. With
 * `analyze`, each plan node carries its actual rows and loops. `run` is inside a transaction
 * with the state projector's chunk settings (project-scan-completed.ts).
 */
export async function plansOf(url: string, run: (client: pg.PoolClient) => Promise<void>, opts: { analyze?: boolean } = {}): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  const plans: string[] = [];
  client.on('notice', (n) => {
    if (typeof n.message === 'string' && n.message.includes('Query Text')) plans.push(n.message);
  });
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query(
      `SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = 'notice';
       SET auto_explain.log_analyze = ${opts.analyze === true ? 'on' : 'off'}`,
    );
    await client.query('BEGIN');
    await client.query("SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)");
    await run(client);
    await client.query('COMMIT');
  } finally {
    client.release();
    await pool.end();
  }
  return plans;
}

/** The most rows any one node of `plan` produced over all its loops (rows × loops), from an analyzed plan. */
export function mostRowsOfANode(plan: string): number {
  let most = 0;
  for (const m of plan.matchAll(/actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/g)) most = Math.max(most, Number(m[1]) * Number(m[2]));
  return most;
}
