// `npm run replay -- --projector state|trends`: rebuilds a projection from
// offset 0 of its topics. Run it with MCP Census stopped (with embedded
// services the DATA_DIR lock enforces that; with external ones, stop the
// projector role first: a running consumer group cannot be rewound).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { TOPICS } from '@mcp-census/schemas';
import { createClient } from '@clickhouse/client';
import { createEventPublisher, createKafka, highWatermarks, resetGroupToEarliest, stateProjection, trendsProjection, waitForGroupToReach } from '@mcp-census/streams';
import { loadConfig, orExitOnConfigError } from '../config/config';
import { startInfrastructure } from '../runtime/infrastructure';
import { createLogger } from '@mcp-census/streams/platform/logger';

const PROJECTORS = ['state', 'trends'] as const;
type Projector = (typeof PROJECTORS)[number];

const usage = `usage: npm run replay -- --projector ${PROJECTORS.join('|')}`;
let projector: Projector;
try {
  const { values } = parseArgs({ options: { projector: { type: 'string' } }, strict: true });
  if (!PROJECTORS.includes(values.projector as Projector)) throw new Error(usage);
  projector = values.projector as Projector;
} catch (err) {
  console.error((err as Error).message.includes('usage:') ? usage : `${(err as Error).message}\n${usage}`);
  process.exit(2);
}

const config = orExitOnConfigError(() => loadConfig());
// Progress and the result are printed for the operator; the log carries only problems (and debug detail).
const log = createLogger({ level: config.logLevel === 'debug' ? 'debug' : 'warn', format: config.logFormat }).child({ component: 'replay' });
const started = Date.now();
const infra = await startInfrastructure(config, log).catch((err: unknown) => {
  log.error({ err }, 'replay: cannot start the services');
  process.exit(1);
});
const pool = new pg.Pool({ connectionString: infra.databaseUrl, max: 5 });
const kafka = createKafka({ brokers: infra.kafkaBrokers, clientId: 'mcp-census-replay' });
let exitCode = 0;
try {
  const replayed = projector === 'state' ? await replayState() : await replayTrends();
  console.log(`replay ${projector}: ${replayed} events re-projected in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  log.error({ err }, `replay ${projector} failed`);
  exitCode = 1;
} finally {
  await pool.end();
  await infra.stop();
}
process.exit(exitCode);

async function replayTrends(): Promise<number> {
  const clickhouse = createClient({ url: infra.clickhouseUrl, database: infra.clickhouseDatabase });
  try {
    await trendsProjection.rebuildTrendsProjection(clickhouse);
    console.log(`replay trends: emptied ${trendsProjection.TREND_TABLES.join(', ')}`);
    const group = trendsProjection.TRENDS_PROJECTOR_GROUP;
    await resetGroupToEarliest(kafka, group, TOPICS.scanCompleted);
    const target = await highWatermarks(kafka, TOPICS.scanCompleted);
    const running = await trendsProjection.startTrendsProjector({ kafka, clickhouse, categoryOf: trendsProjection.createCategoryLookup(pool), serialize: trendsProjection.serializeRefreshes(pool), log, liveness: config.liveness });
    try {
      await waitForGroupToReach(kafka, group, TOPICS.scanCompleted, target, { timeoutMs: 30 * 60_000, onProgress: progressPrinter('trends') });
    } finally {
      await running.stop();
    }
    return [...target.values()].reduce((a, b) => a + b, 0);
  } finally {
    await clickhouse.close();
  }
}

function progressPrinter(name: string): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    if (Date.now() - last > 2_000) {
      last = Date.now();
      console.log(`replay ${name}: ${done}/${total} scan results`);
    }
  };
}

async function replayState(): Promise<number> {
  const feeds = [
    { group: stateProjection.STATE_PROJECTOR_GROUPS.completed, topic: TOPICS.scanCompleted },
    { group: stateProjection.STATE_PROJECTOR_GROUPS.logs, topic: TOPICS.scanLog },
  ];
  const { truncated } = await stateProjection.rebuildStateProjection(pool);
  console.log(`replay state: emptied ${truncated.join(', ')}`);
  for (const feed of feeds) await resetGroupToEarliest(kafka, feed.group, feed.topic);
  const targets = await Promise.all(feeds.map((f) => highWatermarks(kafka, f.topic)));
  const publisher = await createEventPublisher(kafka, 'mcp-census-replay');
  const running = await stateProjection.startStateProjector({ kafka, pool, publisher, log, liveness: config.liveness });
  try {
    await Promise.all(
      feeds.map((feed, i) =>
        waitForGroupToReach(kafka, feed.group, feed.topic, targets[i]!, { timeoutMs: 30 * 60_000, ...(i === 0 ? { onProgress: progressPrinter('state') } : {}) }),
      ),
    );
  } finally {
    await running.stop();
    await publisher.disconnect();
  }
  return targets.flatMap((t) => [...t.values()]).reduce((a, b) => a + b, 0);
}
