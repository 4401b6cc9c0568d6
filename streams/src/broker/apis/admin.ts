import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import { ErrorCode } from '../protocol';
import { parseTopicConfigs } from '../topics';

/**
 * CreateTopics v0-3. Replication factor is accepted whatever its value: the
 * same app code asks for replicas on a real cluster, and one node can only
 * ever hold one copy.
 */
export function handleCreateTopics(req: Request, b: BrokerState): Writer {
  const v = req.apiVersion;
  const r = req.body;
  const topics = r.array((r) => ({
    name: r.string(),
    numPartitions: r.int32(),
    replicationFactor: r.int16(),
    assignments: r.array((r) => ({ partition: r.int32(), replicas: r.array((r) => r.int32()) })),
    configs: r.array((r) => ({ name: r.string(), value: r.nullableString() })),
  }));
  r.int32(); // timeout: creation is synchronous
  const validateOnly = v >= 1 ? r.bool() : false;

  const results = topics.map((t) => {
    const partitions = t.assignments.length > 0 ? t.assignments.length : t.numPartitions === -1 ? b.defaultPartitions : t.numPartitions;
    const config = parseTopicConfigs(t.configs);
    if (typeof config === 'string') return { name: t.name, errorCode: ErrorCode.INVALID_CONFIG, message: config };
    let errorCode = b.topics.validateCreate(t.name, partitions);
    if (errorCode === ErrorCode.NONE && !validateOnly) errorCode = b.topics.create(t.name, partitions, config);
    return { name: t.name, errorCode, message: errorCode === ErrorCode.NONE ? null : describe(errorCode, t.name) };
  });

  const w = new Writer(128);
  if (v >= 2) w.int32(0);
  return w.array(results, (w, t) => {
    w.string(t.name).int16(t.errorCode);
    if (v >= 1) w.string(t.message);
  });
}

function describe(code: number, name: string): string {
  if (code === ErrorCode.TOPIC_ALREADY_EXISTS) return `Topic '${name}' already exists.`;
  if (code === ErrorCode.INVALID_TOPIC_EXCEPTION) return `Topic name '${name}' is illegal: use [a-zA-Z0-9._-], at most 249 characters.`;
  if (code === ErrorCode.INVALID_PARTITIONS) return 'Number of partitions must be at least 1.';
  return `error ${code}`;
}

/** DeleteTopics v0-1: removes the logs and the topic's committed offsets. */
export function handleDeleteTopics(req: Request, b: BrokerState): Writer {
  const names = req.body.array((r) => r.string());
  req.body.int32(); // timeout
  const results = names.map((name) => {
    const errorCode = b.topics.delete(name);
    if (errorCode === ErrorCode.NONE) b.offsets.deleteTopic(name);
    return { name, errorCode };
  });
  const w = new Writer(64);
  if (req.apiVersion >= 1) w.int32(0);
  return w.array(results, (w, t) => w.string(t.name).int16(t.errorCode));
}

/** InitProducerId v0-1: ids for idempotent producers; transactions are not supported. */
export function handleInitProducerId(req: Request, b: BrokerState): Writer {
  const transactionalId = req.body.nullableString();
  req.body.int32(); // transaction timeout
  const w = new Writer(32).int32(0);
  if (transactionalId !== null) return w.int16(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED).int64(-1).int16(-1);
  return w.int16(ErrorCode.NONE).int64(b.producerIds.allocate()).int16(0);
}
