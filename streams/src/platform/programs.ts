import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { projectPath, RUNNING_COMPILED } from './project-root';

/** Where scripts/build-server.ts writes the bundles, relative to the project root. */
export const COMPILED_DIR = 'backend/dist';

/**
 * Every program of the project that runs as a process or thread of its own,
 * by its bundle's name under backend/dist: scripts/build-server.ts builds one
 * entry per line, and processes that start another program (role processes,
 * the embedded ClickHouse, the simulated web's worker) run the bundle when
 * they run compiled themselves, the source otherwise.
 */
export const PROGRAMS = {
  main: 'backend/src/main.ts',
  demo: 'backend/src/demo.ts',
  'demo-roles': 'backend/src/demo-roles.ts',
  'cli/import-sites': 'backend/src/cli/import-sites.ts',
  'cli/replay': 'backend/src/cli/replay.ts',
  'cli/hash-password': 'backend/src/cli/hash-password.ts',
  'clickhouse-http-server': 'backend/src/embedded/clickhouse-http-server.ts',
  'postgres-guardian': 'backend/src/embedded/postgres-guardian.mjs',
  'simweb-worker': 'streams/src/simweb/worker.ts',
} as const;

export type ProgramName = keyof typeof PROGRAMS;

/** Absolute path of the file that runs `name`: its bundle when running compiled, its source otherwise. */
export function programFile(name: ProgramName): string {
  return RUNNING_COMPILED ? projectPath(COMPILED_DIR, `${name}.js`) : projectPath(PROGRAMS[name]);
}

/** The program whose source is `source` (project-root relative), for callers that name programs by their source path. */
export function programBySource(source: string): ProgramName {
  const found = (Object.keys(PROGRAMS) as ProgramName[]).find((name) => PROGRAMS[name] === source);
  if (!found) throw new Error(`${source} is not one of the programs in streams/src/platform/programs.ts`);
  return found;
}

/**
 * V8 flags every role process runs with (package.json start scripts, the
 * Dockerfile's CMD and the programs started here; a test keeps them equal).
 * A scan or a projected chunk makes many short-lived objects: a 32 MiB young
 * generation (V8's default is 16) collects them in fewer scavenges, which
 * measured ~10% less CPU in the scanner and the state projector.
 * Under that allocation rate V8 lets the old generation grow to up to 4× the
 * live heap and keeps raising the limit: a scanner held ~73 MB live in a
 * 450-520 MB heap, its RSS climbing 10-15% over a 100,000-site scan. A fixed
 * growing factor of 3 keeps a role's heap at about 3× its live data (scanner
 * RSS 645 → 545 MB, growth 5-7%) at no measured throughput cost.
 */
export const ROLE_NODE_FLAGS = ['--max-semi-space-size=32', '--heap-growing-percent=200'] as const;

/**
 * A process that runs the scanner role alone (a compose replica, a role process
 * started here, the scanning benchmarks). Hundreds of sites in flight make short-lived
 * request, response and abort objects faster than any other role. With a 64 MiB young
 * generation two scanner processes scanned 100,000 simulated sites at 552 and 561
 * sites/s sustained, against 515 with ROLE_NODE_FLAGS in the same hour (40,000 sites,
 * alternate runs: 540-563 against 499-505), on no more CPU; 128 gave no more. The
 * larger young generation promotes less, and a growing factor of 2.5 keeps the old
 * generation's sawtooth lower: RSS growth 3-7% after warm-up and a peak 15-30 MB above
 * the role flags', where 64 with a factor of 3 peaked 60 MB higher and grew 8-10%.
 * The state projector measured the same with either young generation (means of five
 * runs: 4,864 and 4,867 events/s), and the api's download peaks are bounded with the
 * role flags, so the other roles keep them.
 */
export const SCANNER_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=150'] as const;

/** The V8 flags of a process that runs `roles` (as the config parses ROLES: each named once). */
export function nodeFlagsForRoles(roles: readonly string[]): readonly string[] {
  return roles.length === 1 && roles[0] === 'scanner' ? SCANNER_NODE_FLAGS : ROLE_NODE_FLAGS;
}

/**
 * Node flags a child process needs to run programFile(): tsx's loader for a
 * TypeScript source (as an absolute URL, so any working directory works) or
 * source maps for a bundle, so stack traces name the TypeScript lines; then
 * the V8 flags (the role flags unless told).
 */
export function programExecArgv(v8Flags: readonly string[] = ROLE_NODE_FLAGS): string[] {
  if (RUNNING_COMPILED) return ['--enable-source-maps', ...v8Flags];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, ...v8Flags];
}
