import kafkajs from 'kafkajs';
import pg from 'pg';

/**
 * How a consumer treats a handler failure: `infrastructure` (a dependency is
 * down, slow or shutting down; retried with backoff forever, the offset waits)
 * or `event` (something about this event; a small retry budget, then the DLQ).
 */
export type FailureClass = 'infrastructure' | 'event';

// kafkajs is CommonJS and re-exports its errors by spread, which Node's ESM
// named-export detection cannot see: take the classes from the default export.
const {
  KafkaJSConnectionError,
  KafkaJSRequestTimeoutError,
  KafkaJSBrokerNotFound,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSGroupCoordinatorNotFound,
  KafkaJSMetadataNotLoaded,
  KafkaJSLockTimeout,
  KafkaJSProtocolError,
} = kafkajs;

const KAFKA_INFRA_CLASSES = [
  KafkaJSConnectionError,
  KafkaJSRequestTimeoutError,
  KafkaJSBrokerNotFound,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSGroupCoordinatorNotFound,
  KafkaJSMetadataNotLoaded,
  KafkaJSLockTimeout,
];

/** Broker-side conditions that pass once the cluster settles (leader moves, restarts). */
const KAFKA_INFRA_PROTOCOL_TYPES = new Set([
  'BROKER_NOT_AVAILABLE',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'REQUEST_TIMED_OUT',
  'NETWORK_EXCEPTION',
  'COORDINATOR_NOT_AVAILABLE',
  'COORDINATOR_LOAD_IN_PROGRESS',
  'NOT_COORDINATOR',
  'NOT_ENOUGH_REPLICAS',
  'NOT_ENOUGH_REPLICAS_AFTER_APPEND',
  'KAFKA_STORAGE_ERROR',
]);

/** Postgres SQLSTATEs of a transient server or connection condition. */
const PG_INFRA_CODES = new Set(['40001', '40P01', '53300', '57014', '55P03']);
const PG_INFRA_CLASSES = ['08', '57P0'];

/** Node socket / DNS error codes of an unreachable or dropped peer. */
const NODE_INFRA_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** ClickHouse server codes of overload or timeouts (TIMEOUT_EXCEEDED, SOCKET_TIMEOUT, NETWORK_ERROR, TOO_MANY_SIMULTANEOUS_QUERIES, TOO_MANY_PARTS, ...). */
const CLICKHOUSE_INFRA_CODES = new Set(['159', '209', '210', '202', '252', '242', '425']);

/** Driver messages without a code: pg pool/connection and ClickHouse client timeouts. */
const INFRA_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error/i,
  /^Timeout error\.?$/i,
  /socket hang up/i,
];

/** Sorts a handler failure; walks `cause` chains and aggregate errors (any infrastructure part wins). */
export function classifyFailure(err: unknown, depth = 0): FailureClass {
  if (depth > 5 || err === null || typeof err !== 'object') return 'event';
  if (isInfrastructure(err)) return 'infrastructure';
  const nested: unknown[] = [];
  if ('cause' in err) nested.push(err.cause);
  if ('errors' in err && Array.isArray(err.errors)) nested.push(...(err.errors as unknown[]));
  return nested.some((e) => classifyFailure(e, depth + 1) === 'infrastructure') ? 'infrastructure' : 'event';
}

function isInfrastructure(err: object): boolean {
  // aborted because the consumer is stopping: the work is redelivered, never dead-lettered
  if (err instanceof Error && err.name === 'AbortError') return true;
  // the scanner's own network is down (scanner-role/scanner-offline-error.ts): the scan is redone after recovery
  if (err instanceof Error && err.name === 'ScannerOfflineError') return true;
  if (KAFKA_INFRA_CLASSES.some((C) => err instanceof C)) return true;
  // exported by kafkajs at runtime but missing from its type declarations
  if (err instanceof kafkajs.KafkaJSError && err.name === 'KafkaJSNoBrokerAvailableError') return true;
  if (err instanceof KafkaJSProtocolError && KAFKA_INFRA_PROTOCOL_TYPES.has(err.type)) return true;
  if (err instanceof pg.DatabaseError) {
    const code = err.code ?? '';
    return PG_INFRA_CODES.has(code) || PG_INFRA_CLASSES.some((c) => code.startsWith(c));
  }
  const code = 'code' in err ? String(err.code) : '';
  if (NODE_INFRA_CODES.has(code)) return true;
  if (err instanceof Error && err.constructor.name === 'ClickHouseError' && CLICKHOUSE_INFRA_CODES.has(code)) return true;
  return err instanceof Error && INFRA_MESSAGES.some((re) => re.test(err.message));
}
