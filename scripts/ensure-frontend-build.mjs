// Builds the frontend when frontend/dist is missing or older than its sources,
// so `npm start` on a fresh clone serves the app without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'frontend/dist/index.html');
const sources = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'schemas/src'].map((p) => path.join(root, p));

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const info = statSync(p);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newestMtime(path.join(p, e))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log(builtAt === 0 ? 'Building the frontend (first start)…' : 'Frontend sources changed: rebuilding…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mcp-census/frontend'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
