// `npm run build:server`: bundles the server into backend/dist (see server-bundle.ts)
// and fails when a bundle imports a package no production dependency list declares,
// since `npm ci --omit=dev` would then leave it out of the image.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { COMPILED_DIR, PROGRAMS } from '../streams/src/platform/programs';
import { PROJECT_ROOT } from '../streams/src/platform/project-root';
import { bundleServer, externalPackagesOf, undeclaredByWorkspace, undeclaredExternals } from './server-bundle';

const outdir = path.join(PROJECT_ROOT, COMPILED_DIR);
const started = performance.now();
// Stale chunks of an earlier build would linger beside the new ones.
await rm(outdir, { recursive: true, force: true });
const bundle = await bundleServer({ outdir });
const bytes = Object.entries(bundle.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `server bundled into ${COMPILED_DIR}: ${Object.keys(PROGRAMS).length} programs, ${(bytes / 1024).toFixed(0)} KiB of JavaScript, ` +
    `${externalPackagesOf(bundle.metafile).length} packages from node_modules, in ${Math.round(performance.now() - started)} ms`,
);
for (const { workspace, packages } of undeclaredByWorkspace(bundle.metafile)) {
  console.warn(`warning: ${workspace}/ imports ${packages.join(', ')} without listing them in ${workspace}/package.json "dependencies" (installed only through another workspace)`);
}
const missing = undeclaredExternals(bundle.metafile);
if (missing.length > 0) {
  console.error(`These packages are imported by the server but are in no workspace's "dependencies" (npm ci --omit=dev would not install them): ${missing.join(', ')}`);
  process.exit(1);
}
