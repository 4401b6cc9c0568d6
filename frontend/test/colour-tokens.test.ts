import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './color-metrics';
import { INDEX_CSS, paletteHex, readColourTokens, readUtility } from './design-tokens';

/**
 * The surfaces text sits on, per theme: index.html's page, Card.tsx's card,
 * and the insets inside cards (tab strips, code chips, table heads). The wall
 * is a dark surface of its own (slate-950 with slate-900 panels) and takes
 * the dark values through its `dark` root.
 */
const SURFACES = {
  light: { 'white card': 'white', 'slate-50 page': 'slate-50', 'slate-100 inset': 'slate-100' },
  dark: { 'slate-950 page': 'slate-950', 'slate-900 card': 'slate-900', 'slate-800 inset': 'slate-800' },
} as const;
const AA = 4.5;

const TOKENS = readColourTokens();

describe('semantic colour tokens (index.css)', () => {
  it('defines the text tokens the components use, each with a light and a dark value', () => {
    expect(TOKENS.map((t) => t.name).sort()).toEqual(['caution', 'link', 'muted', 'negative', 'positive']);
  });

  it('reads the surfaces the tests assume from the page and the card themselves', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const body = /<body class="([^"]*)"/.exec(readFileSync(path.join(root, 'index.html'), 'utf8'))?.[1]?.split(/\s+/) ?? [];
    expect(body).toEqual(expect.arrayContaining(['bg-slate-50', 'dark:bg-slate-950']));
    const card = readFileSync(path.join(root, 'src/components/ui/Card.tsx'), 'utf8');
    expect(card).toMatch(/\bbg-white\b/);
    expect(card).toMatch(/\bdark:bg-slate-900\b/);
  });

  describe.each(TOKENS)('text-$name', (token) => {
    it.each(Object.entries(SURFACES.light))(`light value ${token.light} reaches 4.5:1 on the %s`, (_surface, bg) => {
      expect(contrastRatio(token.light, paletteHex(bg))).toBeGreaterThanOrEqual(AA);
    });
    it.each(Object.entries(SURFACES.dark))(`dark value ${token.dark} reaches 4.5:1 on the %s`, (_surface, bg) => {
      expect(contrastRatio(token.dark, paletteHex(bg))).toBeGreaterThanOrEqual(AA);
    });
  });

  it('underlines a link in running text (link-inline), in the link colour', () => {
    const css = readFileSync(INDEX_CSS, 'utf8');
    const inline = readUtility('link-inline', css);
    expect(inline.get('text-decoration-line')).toBe('underline');
    expect(inline.get('color')).toBe('var(--fg-link)');
  });
});

// ---------------------------------------------------------------------------
// Source scan: a light-theme grey that misses 4.5:1 on a dark surface needs its dark counterpart.

const SRC = path.resolve(import.meta.dirname, '../src');
const GREY = /^text-slate-(400|500)(\/\d+)?$/;
/** A text colour (not a size, alignment or wrapping utility). */
const TEXT_COLOUR = /^text-(?!(xs|sm|base|lg|[2-9]?xl|left|right|center|justify|start|end|wrap|nowrap|balance|pretty|ellipsis|clip)$)(?!\[length:)/;
/** Inactive controls are exempt from contrast (WCAG 1.4.3). */
const EXEMPT_VARIANTS = new Set(['disabled', 'aria-disabled']);

/** Variants and utility of one class: `dark:hover:text-white` → [{dark, hover}, 'text-white']. */
function splitClass(cls: string): [Set<string>, string] {
  const parts = cls.split(/:(?![^[]*\])/);
  const utility = parts.pop() ?? '';
  return [new Set(parts), utility];
}

/**
 * The classes of one class string that set a slate-400/500 text colour for
 * the light theme with no `dark:` text colour for the same state beside them.
 */
function unpairedGreys(classString: string): string[] {
  const classes = classString.split(/\s+/).filter(Boolean).map(splitClass);
  return classes.flatMap(([variants, utility]) => {
    if (!GREY.test(utility) || variants.has('dark') || [...variants].some((v) => EXEMPT_VARIANTS.has(v))) return [];
    const paired = classes.some(
      ([other, otherUtility]) => other.has('dark') && TEXT_COLOUR.test(otherUtility) && other.size === variants.size + 1 && [...variants].every((v) => other.has(v)),
    );
    return paired ? [] : [[...variants, utility].join(':')];
  });
}

/** Every string of a source file that could hold class names: string literals and the static text of template literals. */
function classStrings(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (text !== undefined) out.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const findings = sourceFiles(SRC).flatMap((file) =>
  classStrings(file).flatMap(({ text, line }) => unpairedGreys(text).map((cls) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), line, cls }))),
);

describe('grey text without a dark-theme colour (source scan of frontend/src)', () => {
  it('finds the unpaired greys it is meant to find, and only those', () => {
    expect(unpairedGreys('text-sm tabular-nums text-slate-500')).toEqual(['text-slate-500']);
    expect(unpairedGreys('text-slate-400 opacity-40 hover:opacity-100')).toEqual(['text-slate-400']);
    expect(unpairedGreys('placeholder:text-slate-400 dark:text-slate-100')).toEqual(['placeholder:text-slate-400']);
    expect(unpairedGreys('text-xs text-slate-500 dark:text-slate-400')).toEqual([]);
    expect(unpairedGreys('text-slate-500 hover:underline dark:text-slate-300')).toEqual([]);
    expect(unpairedGreys('hover:text-slate-500 dark:hover:text-white')).toEqual([]);
    expect(unpairedGreys('disabled:text-slate-400 dark:text-slate-100')).toEqual([]);
    expect(unpairedGreys('text-muted text-slate-600')).toEqual([]);
  });

  it('has no text-slate-400 or text-slate-500 without a dark: text colour in the same class string (use text-muted)', () => {
    expect(findings.map((f) => `${f.file}:${f.line} ${f.cls}`)).toEqual([]);
  });
});
