import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import { ErrorCode } from '../protocol';

interface PartitionResult {
  partition: number;
  errorCode: number;
  baseOffset: number;
  logStartOffset: number;
}

/** Produce v3-7 (RecordBatch v2 only). acks=0 gets no response, as the protocol says. */
export function handleProduce(req: Request, b: BrokerState): Writer | null {
  const v = req.apiVersion;
  const r = req.body;
  const transactionalId = r.nullableString();
  const acks = r.int16();
  r.int32(); // timeout: the write is synchronous, nothing to wait for
  const topics = r.array((r) => ({
    name: r.string(),
    partitions: r.array((r) => ({ partition: r.int32(), records: r.nullableBytes() })),
  }));

  const results = topics.map((t) => {
    const topic = b.topics.get(t.name);
    return {
      name: t.name,
      partitions: t.partitions.map((p): PartitionResult => {
        const fail = (errorCode: number): PartitionResult => ({ partition: p.partition, errorCode, baseOffset: -1, logStartOffset: -1 });
        if (transactionalId !== null) return fail(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
        if (acks !== 0 && acks !== 1 && acks !== -1) return fail(ErrorCode.INVALID_REQUIRED_ACKS);
        const log = topic?.partitions[p.partition];
        if (!log) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        if (p.records === null || p.records.length === 0) return fail(ErrorCode.CORRUPT_MESSAGE);
        const res = log.append(p.records);
        return { partition: p.partition, errorCode: res.errorCode, baseOffset: res.baseOffset, logStartOffset: log.logStartOffset };
      }),
    };
  });
  if (acks === 0) return null;

  const w = new Writer(128);
  w.array(results, (w, t) => {
    w.string(t.name);
    w.array(t.partitions, (w, p) => {
      w.int32(p.partition).int16(p.errorCode).int64(p.baseOffset).int64(-1); // logAppendTime: -1 = CreateTime topics
      if (v >= 5) w.int64(p.logStartOffset);
    });
  });
  w.int32(0); // throttle
  return w;
}
