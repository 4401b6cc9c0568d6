import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMS } from '@mcp-census/streams/platform/programs';
import { bundleServer, externalPackagesOf, packageOf, undeclaredByWorkspace, undeclaredExternals, type ServerBundle } from '../../scripts/server-bundle';

let outdir: string;
let bundle: ServerBundle;

beforeAll(async () => {
  outdir = await mkdtemp(path.join(os.tmpdir(), 'census-bundle-'));
  bundle = await bundleServer({ outdir });
});

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

/** A metafile with one input file importing `imports` (the shape esbuild writes). */
function metafileOf(input: string, imports: string[]): Metafile {
  const list = imports.map((p) => ({ path: p, kind: 'import-statement' as const, external: true }));
  return { inputs: { [input]: { bytes: 1, imports: list } }, outputs: { 'out.js': { bytes: 1, inputs: {}, imports: list, exports: [] } } };
}

describe('server bundle', () => {
  it('writes one bundle with a source map per program', () => {
    for (const name of Object.keys(PROGRAMS)) {
      expect(existsSync(path.join(outdir, `${name}.js`)), name).toBe(true);
      expect(existsSync(path.join(outdir, `${name}.js.map`)), name).toBe(true);
    }
  });

  it('bundles the workspace packages in and leaves third-party ones (native ones above all) to node_modules', async () => {
    const externals = externalPackagesOf(bundle.metafile);
    expect(externals).toEqual(expect.arrayContaining(['chdb', 'pg', 'koa', 'kafkajs', 'pino', 'zod']));
    expect(externals.filter((name) => name.startsWith('@mcp-census/'))).toEqual([]);
    expect(externals).not.toContain('tsx');
    const main = await readFile(path.join(outdir, 'main.js'), 'utf8');
    expect(main).toMatch(/sourceMappingURL=main\.js\.map/);
  });

  it('imports no package that a production install would leave out', () => {
    expect(undeclaredExternals(bundle.metafile)).toEqual([]);
  });
});

describe('dependency checks', () => {
  it('takes the package name from a specifier', () => {
    expect(packageOf('pino')).toBe('pino');
    expect(packageOf('pg-query-stream')).toBe('pg-query-stream');
    expect(packageOf('@koa/router')).toBe('@koa/router');
    expect(packageOf('@modelcontextprotocol/server/validators')).toBe('@modelcontextprotocol/server');
    expect(packageOf('undici/types')).toBe('undici');
  });

  it('flags a package that no dependency list declares, and not Node modules', () => {
    const meta = metafileOf('backend/src/x.ts', ['node:fs', 'fs/promises', 'koa', 'left-pad/lib', '@dev-only/tool']);
    expect(externalPackagesOf(meta)).toEqual(['@dev-only/tool', 'koa', 'left-pad']);
    expect(undeclaredExternals(meta)).toEqual(['@dev-only/tool', 'left-pad']);
  });

  it('flags a workspace importing a package only another workspace declares', () => {
    // pino is a streams dependency: declared there, borrowed by backend here.
    expect(undeclaredByWorkspace(metafileOf('streams/src/x.ts', ['pino']))).toEqual([]);
    expect(undeclaredByWorkspace(metafileOf('backend/src/x.ts', ['pino', 'koa']))).toEqual([{ workspace: 'backend', packages: ['pino'] }]);
  });
});
