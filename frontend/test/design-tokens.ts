/**
 * The colour tokens of frontend/src/index.css, read back from the stylesheet
 * and resolved through Tailwind's own palette (tailwindcss/theme.css) to the
 * sRGB colours the browser paints, for the contrast tests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { oklchToHex } from './color-metrics';

const require = createRequire(import.meta.url);
export const INDEX_CSS = path.resolve(import.meta.dirname, '../src/index.css');
const THEME_CSS = path.join(path.dirname(require.resolve('tailwindcss/package.json')), 'theme.css');

/** Tailwind's palette, `slate-600` → `#45556c`, plus white and black. */
function loadPalette(): ReadonlyMap<string, string> {
  const palette = new Map<string, string>([
    ['white', '#ffffff'],
    ['black', '#000000'],
  ]);
  for (const m of readFileSync(THEME_CSS, 'utf8').matchAll(/--color-([a-z]+-\d+):\s*(oklch\([^)]*\))/g)) {
    if (m[1] && m[2]) palette.set(m[1], oklchToHex(m[2]));
  }
  return palette;
}
export const PALETTE = loadPalette();

/** A palette colour by its Tailwind name (`slate-900`), as #rrggbb. */
export function paletteHex(name: string): string {
  const hex = PALETTE.get(name);
  if (!hex) throw new Error(`no colour ${name} in Tailwind's palette`);
  return hex;
}

/** `var(--color-slate-600)`, a palette name or a #rrggbb, as #rrggbb. */
function resolveValue(value: string): string {
  const v = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  const ref = /^var\(--color-([a-z]+-\d+|white|black)\)$/.exec(v);
  if (ref?.[1]) return paletteHex(ref[1]);
  throw new Error(`cannot resolve the colour ${value}`);
}

/** The custom properties declared in the top-level rule for `selector` (`:root`, `.dark`, `@theme inline`). */
function declarations(css: string, selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`^${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css)?.[1];
  if (block === undefined) throw new Error(`no ${selector} rule in index.css`);
  const out = new Map<string, string>();
  for (const m of block.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    if (m[1] && m[2]) out.set(m[1], m[2].trim());
  }
  return out;
}

export interface ColourToken {
  /** The utility's name: `muted` for `text-muted`. */
  name: string;
  light: string;
  dark: string;
}

/**
 * Every `--color-*` of index.css's `@theme inline` that points at a themed
 * variable, with that variable's light (`:root`) and dark (`.dark`) colour.
 */
export function readColourTokens(css = readFileSync(INDEX_CSS, 'utf8')): ColourToken[] {
  const theme = declarations(css, '@theme inline');
  const light = declarations(css, ':root');
  const dark = declarations(css, '.dark');
  return [...theme].flatMap(([prop, value]) => {
    const name = /^--color-([\w-]+)$/.exec(prop)?.[1];
    const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    if (!name || !variable) return [];
    const [l, d] = [light.get(variable), dark.get(variable)];
    if (l === undefined || d === undefined) throw new Error(`${variable} needs a value in both :root and .dark`);
    return [{ name, light: resolveValue(l), dark: resolveValue(d) }];
  });
}

/** The declarations of the `@utility name { … }` block, its nested rules (`&:hover { … }`) left out. */
export function readUtility(name: string, css = readFileSync(INDEX_CSS, 'utf8')): Map<string, string> {
  const start = css.indexOf(`@utility ${name} {`);
  if (start < 0) throw new Error(`no @utility ${name} in index.css`);
  // The block: up to the brace that closes it.
  let depth = 0;
  let end = css.indexOf('{', start);
  for (; end < css.length; end += 1) {
    if (css[end] === '{') depth += 1;
    else if (css[end] === '}' && --depth === 0) break;
  }
  let body = css.slice(css.indexOf('{', start) + 1, end).replace(/\/\*[\s\S]*?\*\//g, '');
  // Nested rules, innermost first.
  while (/\{[^{}]*\}/.test(body)) body = body.replace(/[^{};]*\{[^{}]*\}/g, '');
  const out = new Map<string, string>();
  for (const m of body.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)) {
    if (m[1] && m[2]) out.set(m[1], m[2].trim());
  }
  return out;
}
