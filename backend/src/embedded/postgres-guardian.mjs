// @ts-check
/**
 * Runs PostgreSQL as its child and ties its life to the MCP Census process
 * that started this guardian. Our stdin is a pipe from that process: EOF on
 * it means the product is stopping PostgreSQL or has died (even by kill -9,
 * which no exit handler survives). Either way PostgreSQL gets a fast shutdown
 * (SIGINT), an immediate one (SIGQUIT) if that takes longer than `graceMs`,
 * and SIGKILL as a last resort. We exit when PostgreSQL does, with its code.
 *
 * Plain JavaScript run without a loader: it starts in milliseconds and needs
 * nothing that could fail to load while PostgreSQL depends on it.
 *
 * argv[2]: JSON { command, args, uid?, gid?, graceMs }
 * stdout: one line `{"pid":N}` once PostgreSQL is spawned. PostgreSQL's own
 * output (stdout and stderr) goes to our stderr.
 */
import { spawn } from 'node:child_process';

/** @type {{ command: string; args: string[]; uid?: number; gid?: number; graceMs: number }} */
const config = JSON.parse(process.argv[2] ?? '{}');

// The product may be gone: writes to its pipes must never crash us.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

const postgres = spawn(config.command, config.args, {
  ...(config.uid !== undefined && config.gid !== undefined ? { uid: config.uid, gid: config.gid } : {}),
  stdio: ['ignore', 2, 2],
});

let shuttingDown = false;
/** @param {NodeJS.Signals} signal */
const send = (signal) => {
  if (postgres.exitCode === null && postgres.signalCode === null) postgres.kill(signal);
};
const shutDown = () => {
  if (shuttingDown) return;
  shuttingDown = true;
  send('SIGINT');
  // Unref'd: once PostgreSQL exits nothing else keeps us alive.
  setTimeout(() => send('SIGQUIT'), config.graceMs).unref();
  setTimeout(() => send('SIGKILL'), config.graceMs + 5_000).unref();
};

postgres.once('spawn', () => process.stdout.write(`${JSON.stringify({ pid: postgres.pid })}\n`));
postgres.once('error', (err) => {
  process.stderr.write(`postgres guardian: cannot start ${config.command}: ${err.message}\n`);
  process.exit(127);
});
postgres.once('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGQUIT' ? 3 : 2));
});

process.stdin.on('end', shutDown);
process.stdin.on('close', shutDown);
process.stdin.on('error', shutDown);
process.stdin.resume();
// A signal to this guardian (e.g. to its whole process group) means the same: stop PostgreSQL, then follow it out.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, shutDown);
