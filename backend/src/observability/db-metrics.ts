import type { ClickHouseClient } from '@clickhouse/client';
import { Gauge, Histogram } from 'prom-client';
import { defineMetric } from '@mcp-census/streams/platform/metrics/registry';

/** What the pool gauges read (pg.Pool has these). */
export interface CountedPool {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** Pools by name; several census instances in one process (tests) add up. */
const pools = new Map<string, Set<CountedPool>>();

const poolGauge = (name: string, help: string, read: (pool: CountedPool) => number) =>
  defineMetric(
    name,
    (registers) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          for (const [pool, members] of pools) {
            let value = 0;
            for (const member of members) value += read(member);
            this.set({ pool }, value);
          }
        },
      }),
  );

poolGauge('census_pg_pool_clients', 'Postgres clients the pool holds open (idle or checked out)', (p) => p.totalCount);
poolGauge('census_pg_pool_idle_clients', 'Postgres clients idle in the pool', (p) => p.idleCount);
poolGauge('census_pg_pool_waiting_requests', 'Queries waiting for a Postgres client of the pool', (p) => p.waitingCount);

/** Reports a pool in the gauges (read at scrape time) until the returned function is called. */
export function trackPool(name: string, pool: CountedPool): () => void {
  let members = pools.get(name);
  if (!members) {
    members = new Set();
    pools.set(name, members);
  }
  members.add(pool);
  return () => {
    members.delete(pool);
  };
}

const queryDuration = defineMetric(
  'census_clickhouse_query_duration_seconds',
  (registers) =>
    new Histogram({
      name: 'census_clickhouse_query_duration_seconds',
      help: 'Time until ClickHouse answered a call (headers; a streamed result may flow on), by client, operation and query: the first table the SQL reads or writes',
      labelNames: ['client', 'operation', 'query'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
);

const INSTRUMENTED = ['query', 'command', 'exec', 'insert'] as const;
type Operation = (typeof INSTRUMENTED)[number];
const TABLE = /\b(?:from|into|table)\s+(?:`|")?([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)/i;
/** Distinct query names kept; beyond it every new one is `other` (the SQL is ours, but a bound is a bound). */
const MAX_QUERY_NAMES = 100;
const queryNames = new Set<string>();

/**
 * The bounded `query` label of a call: the first table its SQL reads or
 * writes (`trend_daily_totals`), the insert's table, or `other`.
 */
export function clickHouseQueryName(operation: Operation, params: unknown): string {
  const p = (params ?? {}) as { query?: unknown; table?: unknown };
  const table = operation === 'insert' && typeof p.table === 'string' ? p.table : typeof p.query === 'string' ? TABLE.exec(p.query)?.[1] : undefined;
  if (!table || !/^[A-Za-z_][A-Za-z0-9_.]{0,99}$/.test(table)) return 'other';
  const name = table.toLowerCase();
  if (queryNames.has(name)) return name;
  if (queryNames.size >= MAX_QUERY_NAMES) return 'other';
  queryNames.add(name);
  return name;
}

/**
 * The same client with its query/command/exec/insert calls timed. Every other
 * member is the client's own, bound to it (the client keeps private state).
 */
export function instrumentClickHouse<C extends ClickHouseClient>(client: C, clientName: string): C {
  const timed = new Map<PropertyKey, unknown>();
  for (const operation of INSTRUMENTED) {
    const methods = client as unknown as Record<Operation, (params: unknown) => Promise<unknown>>;
    timed.set(operation, async (params: unknown) => {
      const end = queryDuration.startTimer({ client: clientName, operation, query: clickHouseQueryName(operation, params) });
      try {
        return await methods[operation](params);
      } finally {
        end();
      }
    });
  }
  return new Proxy(client, {
    get(target, property) {
      if (timed.has(property)) return timed.get(property);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
