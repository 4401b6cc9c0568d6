import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { z } from 'zod';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

/** WCAG 2.1 A and AA: the rules the census is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
/** Also run, and listed, but never failing the build: axe's best practices (heading order, landmarks). */
const ADVISORY_TAGS = ['best-practice'] as const;

const violationSchema = z.object({
  id: z.string(),
  impact: z.enum(['minor', 'moderate', 'serious', 'critical']).nullable().optional(),
  help: z.string(),
  tags: z.array(z.string()),
  nodes: z.array(z.object({ target: z.array(z.unknown()), failureSummary: z.string().optional() })),
});
export type AxeViolation = z.infer<typeof violationSchema>;
const resultsSchema = z.object({ violations: z.array(violationSchema) });

/**
 * Runs axe-core in the page. The app's Content-Security-Policy allows only its
 * own scripts, so axe is not added as a <script>: it is evaluated through the
 * DevTools protocol (as an extension would), which the policy does not govern,
 * and the page keeps its real CSP while it is checked.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  // A string is evaluated by the protocol itself; an eval() inside the page would be refused by the CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const raw: unknown = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, [...WCAG_TAGS, ...ADVISORY_TAGS]);
  return resultsSchema.parse(raw).violations;
}

/** One line per violation: impact, rule, node count and the first few targets. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.impact ?? 'unknown'} ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** A WCAG 2.1 A/AA failure of serious or critical impact; best practices and lesser impacts are listed only. */
export const isBlocking = (v: AxeViolation) => (v.impact === 'critical' || v.impact === 'serious') && v.tags.some((t) => (WCAG_TAGS as readonly string[]).includes(t));
