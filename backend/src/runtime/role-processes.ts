import { spawn, type ChildProcess } from 'node:child_process';
import { nodeFlagsForRoles, programBySource, programExecArgv, programFile } from '@mcp-census/streams/platform/programs';
import { PROJECT_ROOT } from '@mcp-census/streams/platform/project-root';
import { ROLES, rolesSetting, type Role } from '../config/config';

const READY = /ready on http:\/\/localhost:(\d+)/;

export type ProcessName = 'services' | Role;

export interface RoleProcess {
  name: ProcessName;
  pid: number;
  /** Its HTTP port (the app for `services`, /healthz for a role). */
  port: number;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Signals its whole process group (a chaos test's kill -9 of this role alone). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

export interface RoleProcesses {
  /** The api of the `services` process. */
  url: string;
  services: RoleProcess;
  roles: Map<Role, RoleProcess>;
  /** Starts a role (again, e.g. after killing it); the new process replaces the old one in `roles`. */
  restart(role: Role): Promise<RoleProcess>;
  /** Stops the roles, then the services process. */
  stop(): Promise<void>;
}

export interface RoleProcessesOptions {
  dataDir: string;
  /** HTTP port of the services/api process (default 0: a free one). */
  port?: number;
  /** Run `npm run demo`'s simulated web (in the services process) instead of the configured catalogue. */
  demo?: { sites: number; webPort?: number };
  /** Roles to run as processes of their own (default: all but api). */
  roles?: Role[];
  /** Extra environment for every process. */
  env?: NodeJS.ProcessEnv;
  /** Each output line, prefixed with the process name. */
  onLine?: (line: string) => void;
  readyTimeoutMs?: number;
}

/**
 * Runs the product with its roles apart on one machine: one `services`
 * process that owns DATA_DIR's embedded services and serves the api (and the
 * simulated web with `demo`), and one process per role that joins them
 * (EMBEDDED_SERVICES=join). Each is its own process group, so any one can be
 * killed and restarted alone.
 */
export async function startRoleProcesses(opts: RoleProcessesOptions): Promise<RoleProcesses> {
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: opts.dataDir,
    HOST: '127.0.0.1',
    ...(opts.demo ? { SCAN_ALLOW_PRIVATE: 'true' } : {}),
    ...opts.env,
  };
  const launch = (name: ProcessName, script: string, env: NodeJS.ProcessEnv) =>
    launchProcess({ name, script, env: { ...common, ...env }, onLine: opts.onLine, readyTimeoutMs: opts.readyTimeoutMs ?? 180_000 });

  const services = await launch('services', opts.demo ? 'backend/src/demo.ts' : 'backend/src/main.ts', {
    ROLES: 'api',
    PORT: String(opts.port ?? 0),
    EMBEDDED_SERVICES: 'start',
    ...(opts.demo ? { DEMO_SITES: String(opts.demo.sites), ...(opts.demo.webPort !== undefined ? { DEMO_WEB_PORT: String(opts.demo.webPort) } : {}) } : {}),
  });
  const roleEnv = (role: Role): NodeJS.ProcessEnv => ({
    ROLES: role,
    PORT: '0',
    EMBEDDED_SERVICES: 'join',
    // As `npm run demo`: the simulated web's hosts share one loopback server (see demo.ts).
    ...(opts.demo && role === 'scanner' ? { SCAN_SIMULATED_WEB: 'true', SCAN_HOST_RPS: process.env.SCAN_HOST_RPS ?? opts.env?.SCAN_HOST_RPS ?? '20' } : {}),
  });
  const roles = new Map<Role, RoleProcess>();
  const stopRoles = () => Promise.all([...roles.values()].map((p) => p.stop()));
  try {
    const wanted = opts.roles ?? ROLES.filter((r) => r !== 'api');
    for (const p of await Promise.all(wanted.map((role) => launch(role, 'backend/src/main.ts', roleEnv(role))))) roles.set(p.name as Role, p);
  } catch (err) {
    await stopRoles();
    await services.stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${services.port}`,
    services,
    roles,
    async restart(role) {
      const old = roles.get(role);
      if (old) {
        old.kill('SIGKILL');
        await old.exited;
      }
      const next = await launch(role, 'backend/src/main.ts', roleEnv(role));
      roles.set(role, next);
      return next;
    },
    async stop() {
      await stopRoles();
      await services.stop();
    },
  };
}

/**
 * Node's arguments for a product process running `script` with `env`: the compiled bundle when
 * this process runs compiled, the TypeScript source under tsx otherwise, and the V8 flags of
 * the roles `env.ROLES` names (a scanner's young generation is larger).
 */
export function roleProcessArgs(script: string, env: NodeJS.ProcessEnv): string[] {
  return [...programExecArgv(nodeFlagsForRoles(rolesSetting.parse(env.ROLES))), programFile(programBySource(script))];
}

function launchProcess(o: { name: ProcessName; script: string; env: NodeJS.ProcessEnv; onLine: ((line: string) => void) | undefined; readyTimeoutMs: number }): Promise<RoleProcess> {
  const command = roleProcessArgs(o.script, o.env);
  const child: ChildProcess = spawn(process.execPath, command, { cwd: PROJECT_ROOT, env: o.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let partial = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (!o.onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) o.onLine(`${o.name.padEnd(16)} | ${line}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const pid = child.pid ?? 0;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  return new Promise<RoleProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill('SIGKILL');
      reject(new Error(`${o.name} was not ready within ${o.readyTimeoutMs} ms:\n${output.slice(-4000)}`));
    }, o.readyTimeoutMs);
    const check = () => {
      const match = READY.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve({
        name: o.name,
        pid,
        port: Number(match[1]),
        output: () => output,
        exited,
        kill,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return (await exited).code;
        },
      });
    };
    child.stdout?.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${o.name} exited during start-up (code ${code}, signal ${signal}):\n${output.slice(-4000)}`));
    });
  });
}
