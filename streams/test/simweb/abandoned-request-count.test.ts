import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulatedWeb, type SimulatedWeb } from '../../src/simweb/index';

let web: SimulatedWeb;

beforeAll(async () => {
  // Served in this thread, so the test can hold the server's event loop while packets queue up.
  web = await startSimulatedWeb({ sites: 1, assign: ['no-mcp'], latencyMs: [500, 500], thread: false });
});

afterAll(async () => {
  await web?.stop();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(web.port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

it('stops counting a request its client abandoned before counting the client\'s next one', async () => {
  const host = web.sites[0]!.host;
  const request = `GET / HTTP/1.1\r\nhost: ${host}\r\nuser-agent: test\r\n\r\n`;
  const abandoned = await open();
  const next = await open();
  next.on('data', () => undefined);
  web.resetStats();
  abandoned.write(request);
  await until(() => web.stats().requests === 1);
  // The client gives up on its first request and sends the next one at once. Holding this thread
  // makes the server see both in one poll, the close first, as a loaded server does.
  abandoned.destroy();
  next.write(request);
  const held = Date.now() + 50;
  while (Date.now() < held) {
    /* hold the event loop */
  }
  await until(() => web.stats().requests === 2);
  expect(web.stats().maxInFlightPerHost).toBe(1);
  next.destroy();
});
