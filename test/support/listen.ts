import type { Server } from 'node:http';
import type Koa from 'koa';

/** Serves `app` on a free loopback port; resolves once it listens, with its base URL. */
export async function listenOnLoopback(app: Koa): Promise<{ server: Server; base: string }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
