import { parentPort, workerData } from 'node:worker_threads';
import { startSimServer, type SimServerOptions } from './server';
import type { SiteModeCommand } from './site-modes';

/** Worker-thread entry of the simulated web: serves until told to stop (counters live in shared memory). */
const port = parentPort;
if (!port) throw new Error('simweb worker must run in a worker thread');
const server = await startSimServer(workerData as SimServerOptions);
port.on('message', (msg: { op: 'stop' } | (SiteModeCommand & { id: number })) => {
  if (msg.op !== 'stop') {
    // A test control (site-modes.ts), acknowledged so the caller knows it applies.
    server.modes.apply(msg);
    port.postMessage({ ack: msg.id });
    return;
  }
  void server.stop().then(() => {
    port.postMessage({ stopped: true });
    port.close();
  });
});
port.postMessage({ ready: true, port: server.port });
