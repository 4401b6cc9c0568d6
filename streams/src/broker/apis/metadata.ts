import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import { CLUSTER_ID, ErrorCode, NODE_ID } from '../protocol';
import { isValidTopicName, type Topic } from '../topics';

interface TopicEntry {
  errorCode: number;
  name: string;
  topic: Topic | undefined;
}

/** Metadata v0-5: this node is the only broker, the controller and every partition's leader. */
export function handleMetadata(req: Request, b: BrokerState): Writer {
  const v = req.apiVersion;
  const r = req.body;
  const requested = r.nullableArray((r) => r.string());
  const allowAutoCreate = v >= 4 ? r.bool() : true;

  let entries: TopicEntry[];
  // v0: an empty list means all topics; v1+: null means all, empty means none.
  if (requested === null || (v === 0 && requested.length === 0)) {
    entries = b.topics.list().map((t) => ({ errorCode: ErrorCode.NONE, name: t.name, topic: t }));
  } else {
    entries = requested.map((name) => {
      let topic = b.topics.get(name);
      if (!topic && !isValidTopicName(name)) return { errorCode: ErrorCode.INVALID_TOPIC_EXCEPTION, name, topic };
      if (!topic && allowAutoCreate && b.autoCreateTopics) {
        b.topics.create(name, b.defaultPartitions);
        topic = b.topics.get(name);
      }
      return { errorCode: topic ? ErrorCode.NONE : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, name, topic };
    });
  }

  const w = new Writer(512);
  if (v >= 3) w.int32(0);
  w.int32(1).int32(NODE_ID).string(b.advertisedHost).int32(b.port);
  if (v >= 1) w.string(null); // rack
  if (v >= 2) w.string(CLUSTER_ID);
  if (v >= 1) w.int32(NODE_ID); // controller
  w.array(entries, (w, e) => {
    w.int16(e.errorCode).string(e.name);
    if (v >= 1) w.bool(false); // isInternal
    const count = e.topic?.partitions.length ?? 0;
    w.int32(count);
    for (let p = 0; p < count; p++) {
      w.int16(ErrorCode.NONE).int32(p).int32(NODE_ID);
      w.int32(1).int32(NODE_ID); // replicas
      w.int32(1).int32(NODE_ID); // isr
      if (v >= 5) w.int32(0); // offline replicas
    }
  });
  return w;
}
