import type { ClickHouseClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import { processRegistry } from '@mcp-census/streams/platform/metrics/registry';
import { clickHouseQueryName, instrumentClickHouse, trackPool } from '../../src/observability/db-metrics';
import { parsePrometheusText, sumOf } from './prometheus-text';

/** Keeps private state, like the real client: its methods must run bound to it. */
class FakeClickHouse {
  #calls = 0;
  query(params: { query: string }): Promise<{ sql: string }> {
    this.#calls += 1;
    return Promise.resolve({ sql: params.query });
  }
  insert(): Promise<void> {
    this.#calls += 1;
    return Promise.reject(new Error('insert refused'));
  }
  calls(): number {
    return this.#calls;
  }
}

describe('ClickHouse call timing', () => {
  it('times query and insert calls by client, operation and table, and passes everything else through', async () => {
    const fake = new FakeClickHouse();
    const client = instrumentClickHouse(fake as unknown as ClickHouseClient, 'unit') as unknown as FakeClickHouse;
    expect(await client.query({ query: 'SELECT day FROM trend_daily_totals FINAL WHERE day = {d:Date}' })).toEqual({ sql: 'SELECT day FROM trend_daily_totals FINAL WHERE day = {d:Date}' });
    await expect(client.insert()).rejects.toThrow('insert refused');
    expect(client.calls()).toBe(2);
    const f = parsePrometheusText(await processRegistry.metrics());
    const family = 'census_clickhouse_query_duration_seconds';
    expect(sumOf(f, family, `${family}_count`, { client: 'unit', operation: 'query', query: 'trend_daily_totals' })).toBe(1);
    expect(sumOf(f, family, `${family}_count`, { client: 'unit', operation: 'insert', query: 'other' })).toBe(1);
  });

  it('names a call by its first table, or other', () => {
    expect(clickHouseQueryName('query', { query: 'SELECT count() FROM (SELECT 1) AS x' })).toBe('other');
    expect(clickHouseQueryName('query', { query: 'select * from `site_scan_history` where x' })).toBe('site_scan_history');
    expect(clickHouseQueryName('insert', { table: 'trend_scan_facts', values: [] })).toBe('trend_scan_facts');
    expect(clickHouseQueryName('command', { query: 'ALTER TABLE trend_scan_facts DELETE WHERE 1' })).toBe('trend_scan_facts');
    expect(clickHouseQueryName('query', undefined)).toBe('other');
  });
});

describe('Postgres pool gauges', () => {
  it('read the tracked pools at scrape time, summed per name, until untracked', async () => {
    const a = { totalCount: 3, idleCount: 1, waitingCount: 2 };
    const untrackA = trackPool('unit', a);
    const untrackB = trackPool('unit', { totalCount: 1, idleCount: 1, waitingCount: 0 });
    const read = async () => {
      const f = parsePrometheusText(await processRegistry.metrics());
      return [sumOf(f, 'census_pg_pool_clients', 'census_pg_pool_clients', { pool: 'unit' }), sumOf(f, 'census_pg_pool_idle_clients', 'census_pg_pool_idle_clients', { pool: 'unit' }), sumOf(f, 'census_pg_pool_waiting_requests', 'census_pg_pool_waiting_requests', { pool: 'unit' })];
    };
    expect(await read()).toEqual([4, 2, 2]);
    a.waitingCount = 0;
    untrackB();
    expect(await read()).toEqual([3, 1, 0]);
    untrackA();
    expect(await read()).toEqual([0, 0, 0]);
  });
});
