import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import { ErrorCode } from '../protocol';

/** OffsetCommit v2-5: validated against the group generation, journaled before the answer. */
export function handleOffsetCommit(req: Request, b: BrokerState): Writer {
  const v = req.apiVersion;
  const r = req.body;
  const groupId = r.string();
  const generationId = r.int32();
  const memberId = r.string();
  if (v >= 2 && v <= 4) r.int64(); // retention time: offsets are kept until the topic is deleted
  const topics = r.array((r) => ({
    name: r.string(),
    partitions: r.array((r) => ({ partition: r.int32(), offset: r.int64(), metadata: r.nullableString() })),
  }));

  const groupError = groupId ? b.groups.validateCommit(groupId, generationId, memberId) : ErrorCode.INVALID_GROUP_ID;
  const accepted: Array<{ topic: string; partition: number; offset: number; metadata: string | null }> = [];
  const results = topics.map((t) => {
    const topic = b.topics.get(t.name);
    return {
      name: t.name,
      partitions: t.partitions.map((p) => {
        let errorCode: number = groupError;
        if (errorCode === ErrorCode.NONE && !topic?.partitions[p.partition]) errorCode = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
        if (errorCode === ErrorCode.NONE) accepted.push({ topic: t.name, partition: p.partition, offset: p.offset, metadata: p.metadata });
        return { partition: p.partition, errorCode };
      }),
    };
  });
  if (accepted.length > 0) b.offsets.commit(groupId, accepted);

  const w = new Writer(128);
  if (v >= 3) w.int32(0);
  return w.array(results, (w, t) => w.string(t.name).array(t.partitions, (w, p) => w.int32(p.partition).int16(p.errorCode)));
}

/** OffsetFetch v1-4 (v3+: a null topic list means every topic the group committed). */
export function handleOffsetFetch(req: Request, b: BrokerState): Writer {
  const v = req.apiVersion;
  const r = req.body;
  const groupId = r.string();
  let topics = r.nullableArray((r) => ({ name: r.string(), partitions: r.array((r) => r.int32()) }));
  if (topics === null) topics = [...b.offsets.topicsOf(groupId)].map(([name, parts]) => ({ name, partitions: [...parts.keys()] }));

  const w = new Writer(128);
  if (v >= 3) w.int32(0);
  w.array(topics, (w, t) => {
    w.string(t.name);
    w.array(t.partitions, (w, p) => {
      const c = b.offsets.get(groupId, t.name, p);
      w.int32(p).int64(c?.offset ?? -1).string(c?.metadata ?? '').int16(ErrorCode.NONE);
    });
  });
  if (v >= 2) w.int16(ErrorCode.NONE);
  return w;
}
