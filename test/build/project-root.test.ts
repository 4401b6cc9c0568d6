import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { findProjectRoot, PROJECT_ROOT, projectPath, RUNNING_COMPILED } from '@mcp-census/streams/platform/project-root';
import { nodeFlagsForRoles, PROGRAMS, programBySource, programExecArgv, programFile, ROLE_NODE_FLAGS, SCANNER_NODE_FLAGS } from '@mcp-census/streams/platform/programs';
import { roleProcessArgs } from '../../backend/src/runtime/role-processes';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'census-root-'));
  // A project copy as in the image: the root package.json, a workspace's own, the bundle's folder below.
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'mcp-census' }));
  await mkdir(path.join(dir, 'backend', 'dist', 'chunks'), { recursive: true });
  await writeFile(path.join(dir, 'backend', 'package.json'), JSON.stringify({ name: '@mcp-census/backend' }));
  await writeFile(path.join(dir, 'backend', 'dist', 'package.json'), '{ not json');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('project root', () => {
  it('is the nearest directory upwards whose package.json is the root one, past workspace and unreadable ones', () => {
    expect(findProjectRoot(path.join(dir, 'backend', 'dist', 'chunks'))).toBe(dir);
    expect(findProjectRoot(dir)).toBe(dir);
  });

  it('fails clearly when there is none', async () => {
    const lone = await mkdtemp(path.join(os.tmpdir(), 'census-lone-'));
    try {
      expect(() => findProjectRoot(lone)).toThrow(/no package.json named "mcp-census"/);
    } finally {
      await rm(lone, { recursive: true, force: true });
    }
  });

  it('is this checkout from the sources, which run uncompiled here', () => {
    expect(existsSync(path.join(PROJECT_ROOT, 'backend', 'migrations'))).toBe(true);
    expect(projectPath('frontend', 'dist')).toBe(path.join(PROJECT_ROOT, 'frontend', 'dist'));
    expect(RUNNING_COMPILED).toBe(false);
  });
});

describe('programs', () => {
  it('names sources that exist, and runs them from source with tsx', () => {
    for (const [name, source] of Object.entries(PROGRAMS)) {
      expect(existsSync(projectPath(source)), source).toBe(true);
      expect(programFile(name as keyof typeof PROGRAMS)).toBe(projectPath(source));
    }
    const [flag, loader, ...rest] = programExecArgv();
    expect(flag).toBe('--import');
    expect(loader).toMatch(/^file:\/\/.*\/tsx\//);
    expect(rest).toEqual([...ROLE_NODE_FLAGS]);
  });

  it('starts the product with the role flags wherever it is started', () => {
    const scripts = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    // and the benchmarks that run roles in their own process, so they measure what production runs
    for (const name of ['start', 'start:prod', 'bench:pipeline', 'bench:scale']) {
      for (const flag of ROLE_NODE_FLAGS) expect(scripts[name]?.split(' '), name).toContain(flag);
    }
    // bench:scan runs the scanner in its own process
    for (const flag of SCANNER_NODE_FLAGS) expect(scripts['bench:scan']?.split(' '), 'bench:scan').toContain(flag);
  });

  it('gives a process that runs the scanner alone the larger young generation, and any other the role flags', () => {
    expect(SCANNER_NODE_FLAGS).toContain('--max-semi-space-size=64');
    expect(nodeFlagsForRoles(['scanner'])).toEqual(SCANNER_NODE_FLAGS);
    for (const roles of [['api'], ['projector-state'], ['scanner', 'api'], []]) expect(nodeFlagsForRoles(roles), roles.join()).toEqual(ROLE_NODE_FLAGS);
    // the role processes the product starts (demo:roles, the chaos tests)
    const tail = (args: string[]) => args.slice(2, -1);
    // ROLES read as the process itself reads it: trimmed, blanks and repeats dropped
    for (const roles of ['scanner', ' scanner ,', 'scanner,scanner']) expect(tail(roleProcessArgs('backend/src/main.ts', { ROLES: roles })), roles).toEqual([...SCANNER_NODE_FLAGS]);
    // unset: every role
    expect(tail(roleProcessArgs('backend/src/main.ts', {}))).toEqual([...ROLE_NODE_FLAGS]);
    expect(tail(roleProcessArgs('backend/src/main.ts', { ROLES: 'projector-trends' }))).toEqual([...ROLE_NODE_FLAGS]);
    expect(tail(roleProcessArgs('backend/src/demo.ts', { ROLES: 'api' }))).toEqual([...ROLE_NODE_FLAGS]);
  });

  it('finds a program by its source path, and refuses one that is not listed', () => {
    expect(programBySource('backend/src/main.ts')).toBe('main');
    expect(programBySource('backend/src/demo.ts')).toBe('demo');
    expect(() => programBySource('backend/src/other.ts')).toThrow(/not one of the programs/);
  });
});
