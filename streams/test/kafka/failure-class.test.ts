import net from 'node:net';
import kafkajs from 'kafkajs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { classifyFailure, type FailureClass } from '../../src/kafka/failure-class';
import { ScannerOfflineError } from '../../src/scanner-role/scanner-offline-error';

const { KafkaJSConnectionError, KafkaJSRequestTimeoutError, KafkaJSNumberOfRetriesExceeded, KafkaJSBrokerNotFound, KafkaJSProtocolError, KafkaJSNonRetriableError } = kafkajs;

const pgError = (code: string, message = `pg ${code}`): Error => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
const sysError = (code: string): Error => Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code });
const clickHouseError = (code: string): Error => {
  class ClickHouseError extends Error {
    constructor(readonly code: string) {
      super(`Code: ${code}`);
    }
  }
  return new ClickHouseError(code);
};
const protocolError = (type: string): Error => new KafkaJSProtocolError({ type, code: 0, retriable: true, message: type } as never);
const abort = (): Error => {
  const c = new AbortController();
  c.abort();
  return c.signal.reason as Error;
};

const table: [string, unknown, FailureClass][] = [
  ['kafkajs connection error', new KafkaJSConnectionError('Connection error: connect ECONNREFUSED'), 'infrastructure'],
  ['kafkajs request timeout', new KafkaJSRequestTimeoutError('Request Produce(key: 0, version: 7) timed out'), 'infrastructure'],
  ['kafkajs retries exceeded', Reflect.construct(KafkaJSNumberOfRetriesExceeded, [new Error('x'), { retryCount: 5, retryTime: 100 }]), 'infrastructure'],
  ['kafkajs broker not found', Reflect.construct(KafkaJSBrokerNotFound, ['Broker not found']), 'infrastructure'],
  ['kafkajs broker not available', protocolError('BROKER_NOT_AVAILABLE'), 'infrastructure'],
  ['kafkajs message too large', protocolError('MESSAGE_TOO_LARGE'), 'event'],
  ['kafkajs non-retriable', new KafkaJSNonRetriableError('bad'), 'event'],
  ['pg serialization failure', pgError('40001'), 'infrastructure'],
  ['pg deadlock', pgError('40P01'), 'infrastructure'],
  ['pg connection failure (08006)', pgError('08006'), 'infrastructure'],
  ['pg admin shutdown (57P01)', pgError('57P01'), 'infrastructure'],
  ['pg cannot connect now (57P03)', pgError('57P03'), 'infrastructure'],
  ['pg too many connections', pgError('53300'), 'infrastructure'],
  ['pg ON CONFLICT affects a row twice', pgError('21000', 'ON CONFLICT DO UPDATE command cannot affect row a second time'), 'event'],
  ['pg unique violation', pgError('23505'), 'event'],
  ['pg invalid text', pgError('22P05'), 'event'],
  ['pg connection terminated', new Error('Connection terminated unexpectedly'), 'infrastructure'],
  ['pg pool connect timeout', new Error('timeout exceeded when trying to connect'), 'infrastructure'],
  ['ECONNREFUSED', sysError('ECONNREFUSED'), 'infrastructure'],
  ['ECONNRESET', sysError('ECONNRESET'), 'infrastructure'],
  ['ETIMEDOUT', sysError('ETIMEDOUT'), 'infrastructure'],
  ['EPIPE', sysError('EPIPE'), 'infrastructure'],
  ['EAI_AGAIN', sysError('EAI_AGAIN'), 'infrastructure'],
  ['ClickHouse client timeout', new Error('Timeout error.'), 'infrastructure'],
  ['ClickHouse TIMEOUT_EXCEEDED', clickHouseError('159'), 'infrastructure'],
  ['ClickHouse syntax error', clickHouseError('62'), 'event'],
  ['abort because the consumer stops', abort(), 'infrastructure'],
  ['the scanner is offline (held scan request)', new ScannerOfflineError('network unreachable'), 'infrastructure'],
  ['an error merely mentioning "Scanner offline"', new Error('Scanner offline: no'), 'event'],
  ['wrapped cause', new Error('insert failed', { cause: sysError('ECONNRESET') }), 'infrastructure'],
  ['aggregate with one infrastructure part', new AggregateError([new TypeError('x'), sysError('ECONNREFUSED')]), 'infrastructure'],
  ['plain TypeError', new TypeError("Cannot read properties of undefined (reading 'x')"), 'event'],
  ['plain Error', new Error('unexpected value'), 'event'],
  ['a thrown string', 'boom', 'event'],
  ['undefined', undefined, 'event'],
];

describe('classifyFailure', () => {
  it.each(table)('%s → %s', (_name, err, expected) => {
    expect(classifyFailure(err)).toBe(expected);
  });

  it('classifies a real refused Postgres connection as infrastructure', async () => {
    // a port that was free a moment ago: nothing listens there
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 2_000 });
    const err = await client.connect().then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(classifyFailure(err)).toBe('infrastructure');
  });
});
