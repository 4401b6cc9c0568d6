import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Where the project's own files (migrations, the built frontend, the catalogue)
 * are at run time. Under tsx each module's import.meta.url is its source file;
 * in the esbuild bundle (backend/dist) it is the bundle's, so paths relative to
 * it would differ between the two. Both resolve from the project root instead:
 * the nearest directory upwards holding the root package.json.
 */
const ROOT_PACKAGE_NAME = 'mcp-census';
const packageNameSchema = z.object({ name: z.string() });

const here = fileURLToPath(import.meta.url);

/** The nearest directory at or above `start` whose package.json is named "mcp-census". */
export function findProjectRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (packageName(path.join(dir, 'package.json')) === ROOT_PACKAGE_NAME) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json named "${ROOT_PACKAGE_NAME}" at or above ${start}`);
  }
}

function packageName(file: string): string | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = packageNameSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.name : undefined;
  } catch {
    return undefined;
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(here));

/** True when this process runs the compiled bundle (npm run start:prod), false under tsx or vitest. */
export const RUNNING_COMPILED = !/\.[cm]?tsx?$/.test(here);

/** An absolute path from project-root-relative segments, e.g. projectPath('backend/migrations'). */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
