import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import { ErrorCode } from '../protocol';

const LATEST = -1;
const EARLIEST = -2;

/** ListOffsets v1-3: latest (-1), earliest (-2) or the first offset at/after a timestamp. */
export function handleListOffsets(req: Request, b: BrokerState): Writer {
  const v = req.apiVersion;
  const r = req.body;
  r.int32(); // replicaId
  if (v >= 2) r.int8(); // isolation level
  const topics = r.array((r) => ({ name: r.string(), partitions: r.array((r) => ({ partition: r.int32(), timestamp: r.int64() })) }));

  const w = new Writer(128);
  if (v >= 2) w.int32(0);
  w.array(topics, (w, t) => {
    const topic = b.topics.get(t.name);
    w.string(t.name);
    w.array(t.partitions, (w, p) => {
      const log = topic?.partitions[p.partition];
      w.int32(p.partition);
      if (!log) {
        w.int16(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION).int64(-1).int64(-1);
        return;
      }
      if (p.timestamp === LATEST) w.int16(ErrorCode.NONE).int64(-1).int64(log.logEndOffset);
      else if (p.timestamp === EARLIEST) w.int16(ErrorCode.NONE).int64(-1).int64(log.logStartOffset);
      else {
        const found = log.offsetForTimestamp(p.timestamp);
        w.int16(ErrorCode.NONE).int64(found?.timestamp ?? -1).int64(found?.offset ?? -1);
      }
    });
  });
  return w;
}
