// Shared set-up for the embedded ClickHouse HTTP tests: each test file starts
// its own instance on a fresh data dir and seeds a small `people` table.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ClickHouseError, ClickHouseLogLevel, createClient as createClientRaw, type ClickHouseClient } from '@clickhouse/client';
import { expect } from 'vitest';
import { startEmbeddedClickHouse, type EmbeddedClickHouse } from '../../../src/embedded/clickhouse';

/** A client with logging off: the tests provoke errors the client would otherwise print. */
export function createClient(config: Parameters<typeof createClientRaw>[0]): ClickHouseClient {
  return createClientRaw({ log: { level: ClickHouseLogLevel.OFF }, ...config });
}

export interface Harness {
  ch: EmbeddedClickHouse;
  client: ClickHouseClient;
  stop(): Promise<void>;
}

export async function startHarness(opts: { maxBodyBytes?: number } = {}): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-ch-http-'));
  const ch = await startEmbeddedClickHouse({ dataDir, ...opts });
  const client = createClient({ url: ch.url, request_timeout: 60_000 });
  await client.command({ query: 'CREATE TABLE people (id UInt32, name String, score Float64) ENGINE = MergeTree ORDER BY id' });
  await client.insert({
    table: 'people',
    values: [
      { id: 1, name: 'ada', score: 1.5 },
      { id: 2, name: 'bob', score: 2 },
      { id: 3, name: "o'neil", score: -3.25 },
    ],
    format: 'JSONEachRow',
  });
  return {
    ch,
    client,
    async stop() {
      await client.close();
      await ch.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function expectClickHouseError(p: Promise<unknown>, code: string, type: string): Promise<ClickHouseError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClickHouseError);
  const chErr = err as ClickHouseError;
  expect({ code: chErr.code, type: chErr.type }).toEqual({ code, type });
  return chErr;
}

/** Raw bytes over a socket, for requests no well-behaved HTTP client would send. */
export function rawExchange(url: string, payload: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.write(payload);
  });
}
