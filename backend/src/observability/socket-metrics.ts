import { Gauge, Histogram } from 'prom-client';
import { defineMetric } from '@mcp-census/streams/platform/metrics/registry';

/** What the gauge reads: a Socket.IO namespace's connected sockets. */
export interface CountedNamespace {
  readonly sockets: { readonly size: number };
}

/** Namespaces by name; several servers in one process (tests) add up. */
const tracked = new Map<string, Set<CountedNamespace>>();

defineMetric(
  'census_realtime_sockets',
  (registers) =>
    new Gauge({
      name: 'census_realtime_sockets',
      help: 'Socket.IO sockets connected right now, by namespace (/live, /admin)',
      labelNames: ['namespace'],
      registers,
      collect() {
        for (const [namespace, namespaces] of tracked) {
          let connected = 0;
          for (const nsp of namespaces) connected += nsp.sockets.size;
          this.set({ namespace }, connected);
        }
      },
    }),
);

const fanOutLatency = defineMetric(
  'census_realtime_delta_fanout_seconds',
  (registers) =>
    new Histogram({
      name: 'census_realtime_delta_fanout_seconds',
      help: 'From the receipt of the first dashboard.delta folded into a /live push to the end of that push (coalescing wait and figures read included; the Kafka hop is not)',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
);

/** Counts a namespace's sockets in the gauge until the returned function is called. */
export function trackNamespaceSockets(name: string, nsp: CountedNamespace): () => void {
  let namespaces = tracked.get(name);
  if (!namespaces) {
    namespaces = new Set();
    tracked.set(name, namespaces);
  }
  namespaces.add(nsp);
  return () => {
    namespaces.delete(nsp);
  };
}

export function recordDeltaFanOut(seconds: number): void {
  fanOutLatency.observe(seconds);
}
