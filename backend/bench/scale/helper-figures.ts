import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The API and trend figures come from modules written alongside this
 * harness (api-figures.ts, trend-figures.ts). They are loaded by path at run
 * time, so the harness runs, and reports the section as missing, while one
 * of them is absent or does not export its function.
 */
export async function loadFigureFunction<Ctx>(file: string, exportName: string): Promise<((ctx: Ctx) => Promise<Record<string, unknown>>) | { missing: string }> {
  const full = path.join(import.meta.dirname, file);
  if (!existsSync(full)) return { missing: `${file} does not exist` };
  try {
    const mod = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
    const fn = mod[exportName];
    if (typeof fn !== 'function') return { missing: `${file} does not export ${exportName}` };
    return fn as (ctx: Ctx) => Promise<Record<string, unknown>>;
  } catch (err) {
    return { missing: `${file} failed to load: ${(err as Error).message}` };
  }
}
