import net from 'node:net';

/** Asks the OS for a free TCP port on the given loopback address. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0 }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** True when nothing listens on (and nothing else holds) this loopback port right now. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The port an embedded service should use: the configured one (0 = any free
 * port); unset, the one it had last time if still free (so processes that
 * joined it find it again after a restart), else a free one.
 */
export async function choosePort(configured: number | undefined, previous: number | undefined): Promise<number> {
  if (configured !== undefined) return configured;
  if (previous !== undefined && (await isPortFree(previous))) return previous;
  return 0;
}
