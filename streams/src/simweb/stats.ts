/**
 * Simulated-web counters in a SharedArrayBuffer, so `stats()` stays a plain
 * synchronous read even when the server runs in a worker thread.
 */
export interface SimWebStats {
  requests: number;
  connections: number;
  /** JSON-RPC methods received, by name (unknown names under 'other'; batch members included). */
  methods: Record<string, number>;
  /** Tool executions: `tools/call` requests received plus tool handlers actually run. Must stay 0. */
  toolCalls: number;
  /** Highest number of requests in flight at once for one Host. */
  maxInFlightPerHost: number;
  /** Highest number of distinct Hosts with requests in flight at once. */
  maxHostsInFlight: number;
  /** Distinct User-Agent headers seen (first 8, each cut to 500 bytes). */
  userAgents: string[];
}

const METHODS = [
  'server/discover', 'initialize', 'notifications/initialized', 'tools/list', 'resources/list', 'prompts/list', 'resources/templates/list',
  'tools/call', 'resources/read', 'prompts/get', 'completion/complete', 'ping', 'logging/setLevel', 'other',
] as const;

const REQUESTS = 0;
const CONNECTIONS = 1;
const TOOL_CALL_REQUESTS = 2;
const TOOL_HANDLER_RUNS = 3;
const MAX_PER_HOST = 4;
const MAX_HOSTS = 5;
const METHOD_BASE = 6;
const UA_COUNT = METHOD_BASE + METHODS.length;
const UA_BASE = UA_COUNT + 1;
const UA_SLOTS = 8;
const UA_BYTES = 512; // per slot: 4-byte length + up to 508 bytes
const INTS = UA_BASE + (UA_SLOTS * UA_BYTES) / 4;

export function createStatsBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(INTS * 4);
}

export class SimStats {
  private readonly ints: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly seenUa = new Set<string>();

  constructor(readonly buffer: SharedArrayBuffer) {
    this.ints = new Int32Array(buffer);
    this.bytes = new Uint8Array(buffer);
  }

  request(userAgent: string): void {
    Atomics.add(this.ints, REQUESTS, 1);
    if (this.seenUa.has(userAgent) || this.seenUa.size >= UA_SLOTS) return;
    this.seenUa.add(userAgent);
    const slot = Atomics.load(this.ints, UA_COUNT);
    if (slot >= UA_SLOTS) return;
    const encoded = new TextEncoder().encode(userAgent).subarray(0, UA_BYTES - 4);
    const at = (UA_BASE + (slot * UA_BYTES) / 4) * 4;
    this.bytes.set(encoded, at + 4);
    Atomics.store(this.ints, at / 4, encoded.length);
    Atomics.store(this.ints, UA_COUNT, slot + 1);
  }

  connection(): void {
    Atomics.add(this.ints, CONNECTIONS, 1);
  }

  method(name: string): void {
    const i = (METHODS as readonly string[]).indexOf(name);
    Atomics.add(this.ints, METHOD_BASE + (i >= 0 ? i : METHODS.length - 1), 1);
    if (name === 'tools/call') Atomics.add(this.ints, TOOL_CALL_REQUESTS, 1);
  }

  toolRun(): void {
    Atomics.add(this.ints, TOOL_HANDLER_RUNS, 1);
  }

  inFlight(perHost: number, hosts: number): void {
    if (perHost > Atomics.load(this.ints, MAX_PER_HOST)) Atomics.store(this.ints, MAX_PER_HOST, perHost);
    if (hosts > Atomics.load(this.ints, MAX_HOSTS)) Atomics.store(this.ints, MAX_HOSTS, hosts);
  }

  read(): SimWebStats {
    const methods: Record<string, number> = {};
    METHODS.forEach((m, i) => {
      const n = Atomics.load(this.ints, METHOD_BASE + i);
      if (n > 0) methods[m] = n;
    });
    const userAgents: string[] = [];
    const count = Math.min(Atomics.load(this.ints, UA_COUNT), UA_SLOTS);
    for (let slot = 0; slot < count; slot++) {
      const at = (UA_BASE + (slot * UA_BYTES) / 4) * 4;
      const len = Atomics.load(this.ints, at / 4);
      userAgents.push(new TextDecoder().decode(this.bytes.slice(at + 4, at + 4 + len)));
    }
    return {
      requests: Atomics.load(this.ints, REQUESTS),
      connections: Atomics.load(this.ints, CONNECTIONS),
      methods,
      toolCalls: Atomics.load(this.ints, TOOL_CALL_REQUESTS) + Atomics.load(this.ints, TOOL_HANDLER_RUNS),
      maxInFlightPerHost: Atomics.load(this.ints, MAX_PER_HOST),
      maxHostsInFlight: Atomics.load(this.ints, MAX_HOSTS),
      userAgents,
    };
  }

  reset(): void {
    this.ints.fill(0);
    this.seenUa.clear();
  }
}
