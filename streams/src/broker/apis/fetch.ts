import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import type { PartitionLog } from '../log/partition-log';
import { ErrorCode } from '../protocol';

interface FetchPartition {
  partition: number;
  fetchOffset: number;
  maxBytes: number;
}

interface PartitionData {
  partition: number;
  errorCode: number;
  highWatermark: number;
  logStartOffset: number;
  records: Buffer | null;
}

/**
 * Fetch v4-11. Returns whole stored batches (byte-exact, CRCs intact). An
 * empty result parks the request until data arrives on any requested
 * partition, maxWaitTime passes or the broker stops. No fetch sessions are
 * created (sessionId 0 = full fetch each time), which every client accepts.
 */
export async function handleFetch(req: Request, b: BrokerState): Promise<Writer> {
  const v = req.apiVersion;
  const r = req.body;
  r.int32(); // replicaId
  const maxWait = r.int32();
  const minBytes = r.int32();
  const maxBytes = r.int32();
  r.int8(); // isolation level: there are no transactions, so both levels see the same data
  let sessionId = 0;
  if (v >= 7) {
    sessionId = r.int32();
    r.int32(); // session epoch: sessions are never created, so every fetch is a full one
  }
  const topics = r.array((r) => ({
    name: r.string(),
    partitions: r.array((r): FetchPartition => {
      const partition = r.int32();
      if (v >= 9) r.int32(); // current leader epoch
      const fetchOffset = r.int64();
      if (v >= 5) r.int64(); // follower log start offset
      return { partition, fetchOffset, maxBytes: r.int32() };
    }),
  }));
  if (v >= 7) r.array((r) => ({ name: r.string(), partitions: r.array((r) => r.int32()) }));
  if (v >= 11) r.nullableString(); // rack id

  if (v >= 7 && sessionId !== 0) return encode(v, ErrorCode.FETCH_SESSION_ID_NOT_FOUND, []);

  const deadline = Date.now() + Math.max(0, maxWait);
  for (;;) {
    const { result, bytes, anyError, logs } = collect(b, topics, maxBytes);
    const remaining = deadline - Date.now();
    if ((bytes > 0 && bytes >= minBytes) || minBytes <= 0 || anyError || remaining <= 0 || b.stopping || logs.length === 0) return encode(v, 0, result);
    await waitForData(logs, remaining);
  }
}

function collect(b: BrokerState, topics: Array<{ name: string; partitions: FetchPartition[] }>, maxBytes: number) {
  let bytes = 0;
  let anyError = false;
  const logs: PartitionLog[] = [];
  const result = topics.map((t) => {
    const topic = b.topics.get(t.name);
    return {
      name: t.name,
      partitions: t.partitions.map((p): PartitionData => {
        const log = topic?.partitions[p.partition];
        if (!log) {
          anyError = true;
          return { partition: p.partition, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, highWatermark: -1, logStartOffset: -1, records: null };
        }
        logs.push(log);
        const remaining = Math.max(0, maxBytes - bytes);
        // The first batch of the response is always allowed (so a batch larger than
        // every limit still makes progress); later partitions get theirs if it fits
        // the request-wide limit, so one busy partition cannot starve the others.
        const read = log.read(p.fetchOffset, Math.min(p.maxBytes, remaining), bytes === 0 ? Infinity : remaining);
        if (read.errorCode !== ErrorCode.NONE) anyError = true;
        bytes += read.records?.length ?? 0;
        return { partition: p.partition, errorCode: read.errorCode, highWatermark: log.logEndOffset, logStartOffset: log.logStartOffset, records: read.records };
      }),
    };
  });
  return { result, bytes, anyError, logs };
}

function waitForData(logs: PartitionLog[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe: Array<() => void> = [];
    const done = (): void => {
      clearTimeout(timer);
      for (const u of unsubscribe) u();
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const log of logs) unsubscribe.push(log.onAppend(done));
  });
}

function encode(v: number, errorCode: number, topics: Array<{ name: string; partitions: PartitionData[] }>): Writer {
  const w = new Writer(256);
  w.int32(0); // throttle
  if (v >= 7) w.int16(errorCode).int32(0);
  w.array(topics, (w, t) => {
    w.string(t.name);
    w.array(t.partitions, (w, p) => {
      w.int32(p.partition).int16(p.errorCode).int64(p.highWatermark);
      w.int64(p.highWatermark); // last stable offset: no open transactions ever
      if (v >= 5) w.int64(p.logStartOffset);
      w.int32(0); // aborted transactions
      if (v >= 11) w.int32(-1); // preferred read replica
      if (p.records) w.bytes(p.records);
      else w.int32(0);
    });
  });
  return w;
}
