import type { ClickHouseClient } from '@clickhouse/client';
import type { DependencyHealth, HealthResponse, ScannerState } from '@mcp-census/schemas';
import { PRODUCT_VERSION } from '@mcp-census/schemas';
import type { KafkaHealthProbe } from '@mcp-census/streams';
import type pg from 'pg';

const CHECK_TIMEOUT_MS = 2_000;

export interface HealthDependencies {
  postgres: pg.Pool | undefined;
  clickhouse: ClickHouseClient | undefined;
  kafka: KafkaHealthProbe | undefined;
  embedded: { postgres: boolean; clickhouse: boolean; kafka: boolean };
  startedAt: number;
  /** The scanners' own network state (queries/scanner-state.ts); offline makes the status degraded. */
  scanner?: (() => Promise<ScannerState>) | undefined;
}

async function timed(embedded: boolean, probe: (() => Promise<void>) | undefined): Promise<DependencyHealth> {
  if (!probe) return { status: 'not configured', latencyMs: null, embedded };
  const start = performance.now();
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
    ]);
    return { status: 'ok', latencyMs: round(performance.now() - start), embedded };
  } catch (err) {
    return { status: 'error', latencyMs: round(performance.now() - start), embedded, error: (err as Error).message.slice(0, 300) };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Probes every dependency in parallel; each reports ok / error / not configured with latency. */
export async function checkHealth(deps: HealthDependencies): Promise<HealthResponse> {
  const { postgres, clickhouse, kafka } = deps;
  const [pgHealth, chHealth, kafkaHealth, scanner] = await Promise.all([
    timed(deps.embedded.postgres, postgres && (async () => void (await postgres.query('SELECT 1')))),
    timed(
      deps.embedded.clickhouse,
      clickhouse &&
        (async () => {
          const ping = await clickhouse.ping();
          if (!ping.success) throw ping.error;
        }),
    ),
    timed(deps.embedded.kafka, kafka && (() => kafka.check(CHECK_TIMEOUT_MS))),
    readScanner(deps.scanner),
  ]);
  const all = [pgHealth, chHealth, kafkaHealth];
  return {
    // A scanner that cannot reach the web records nothing true: the product is degraded, not ok.
    status: all.some((d) => d.status === 'error') || scanner?.state === 'offline' ? 'degraded' : 'ok',
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    version: PRODUCT_VERSION,
    dependencies: { postgres: pgHealth, clickhouse: chHealth, kafka: kafkaHealth },
    ...(scanner ? { scanner } : {}),
  };
}

/** The scanner state, or nothing when it cannot be read in time (Postgres' own check reports why). */
async function readScanner(read: HealthDependencies['scanner']): Promise<ScannerState | undefined> {
  if (!read) return undefined;
  return Promise.race([
    read().catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS).unref()),
  ]);
}
