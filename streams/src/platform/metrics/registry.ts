import { collectDefaultMetrics, Registry, type Metric } from 'prom-client';

/*
 * One registry per process for every metric family of every role: the api,
 * projectors and scanner define theirs at module level, and any process's
 * GET /metrics serves whatever its roles have registered. It lives on
 * globalThis so a second copy of this module (another bundle, another
 * resolution path) still shares it instead of registering names twice.
 */
const REGISTRY_KEY = Symbol.for('mcp-census.metrics.registry');
const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Registry };

export const processRegistry: Registry = (holder[REGISTRY_KEY] ??= new Registry());

/**
 * The family named `name`, created by `create` on first use; later calls get
 * the same one. prom-client throws on a second registration of a name, and
 * tests start several census instances in one process.
 */
export function defineMetric<M extends Metric>(name: string, create: (registers: Registry[]) => M): M {
  const existing = processRegistry.getSingleMetric(name);
  if (existing) return existing as M;
  return create([processRegistry]);
}

/** prom-client's process metrics (CPU, memory, event loop lag, GC), started once per process. */
export function enableProcessMetrics(): void {
  if (processRegistry.getSingleMetric('process_cpu_user_seconds_total')) return;
  collectDefaultMetrics({ register: processRegistry });
}
