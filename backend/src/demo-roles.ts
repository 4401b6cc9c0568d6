// `npm run demo:roles`: `npm run demo` with its roles apart, one process each
// (services + api, scanner, projector-state, projector-trends, scheduler), on
// the simulated web. Output lines are prefixed with the process name.
import path from 'node:path';
import { z } from 'zod';
import { defaultLogFormat } from '@mcp-census/streams/platform/logger';
import { ConfigError, orExitOnConfigError } from './config/config';
import { startRoleProcesses } from './runtime/role-processes';

const env = orExitOnConfigError(() => {
  const parsed = z
    .object({
      DATA_DIR: z.string().trim().min(1).default('./.data-demo'),
      PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
      DEMO_SITES: z.coerce.number({ error: 'must be a whole number from 1 to 100000' }).int().min(1).max(100_000).default(10_000),
      // 0: a free port (the sites' URLs, and so the catalogue, then change at every start).
  DEMO_WEB_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3080),
    })
    .safeParse(process.env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConfigError([{ variable: String(issue?.path[0] ?? 'environment'), message: issue?.message ?? 'invalid' }]);
});

const processes = await startRoleProcesses({
  dataDir: path.resolve(env.DATA_DIR),
  port: env.PORT,
  demo: { sites: env.DEMO_SITES, webPort: env.DEMO_WEB_PORT },
  // The children write to pipes (json by default); their lines end up on this terminal, so they follow its format.
  env: { LOG_FORMAT: process.env.LOG_FORMAT || defaultLogFormat() },
  // This launcher's own output is the children's lines, relayed as they are.
  onLine: (line) => console.log(line),
});
console.log(`demo with roles apart ready on ${processes.url} (pids: services ${processes.services.pid}, ${[...processes.roles.values()].map((p) => `${p.name} ${p.pid}`).join(', ')})`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await processes.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
