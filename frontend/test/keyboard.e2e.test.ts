import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, SCREENSHOT_DIR } from './e2e/browser';
import { ADMIN_PASSWORD, type ProductUnderTest } from './e2e/product-under-test';
import { closeScannedProduct, openScannedProduct } from './e2e/scanned-product';

/**
 * WCAG 2.1 AA for keyboard users, checked the way one works: Tab through the
 * page, from its start until focus leaves it (or MAX_TABS), at a laptop and a
 * phone size. Every focused element must be
 * - visible: a real box inside the viewport (after the browser's focus scrolling),
 *   not hidden by a clipping ancestor;
 * - showing an unclipped focus indicator: its outline (width + offset) or box-shadow
 *   ring fits inside every ancestor that clips (overflow other than visible);
 * - not covered by a fixed or sticky element (the floating Export/Refresh
 *   buttons, the header): hit-testing its centre and corners.
 * And every scrollable region on the page (overflow auto/scroll with content
 * beyond its box) is reached: it, or something inside it, takes focus during
 * the walk, by the markup (tabindex, a control), not only because Chromium
 * makes a scroller without focusable content focusable on its own; a box
 * focused that way has a role and a name.
 */

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** Bounds every walk; the longest page here (admin) has well under this many stops. */
const MAX_TABS = 400;

let product: ProductUnderTest;
let browser: Browser;

interface Walk {
  name: string;
  path: string;
  /** Waits until the page state to walk is rendered with its data. */
  ready: (page: Page) => Promise<void>;
}

const rowsShown = async (page: Page) => {
  await page.getByRole('button', { name: /View Details/ }).first().waitFor({ timeout: 20_000 });
};

async function logIn(page: Page): Promise<void> {
  await page.getByLabel(/Username/i).fill('admin');
  await page.getByLabel(/Password/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /Log ?in|Sign in/i }).click();
  await page.getByRole('heading', { name: 'Recent Scans' }).waitFor({ timeout: 15_000 });
  // A fresh load with the session cookie: the walk starts at the top of the page, focus nowhere.
  await page.reload();
}

const WALKS: Walk[] = [
  {
    name: 'overview',
    path: '/',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Monitored Websites' }).waitFor();
      await rowsShown(page);
      await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    },
  },
  {
    name: 'analysis',
    path: '/analysis',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Enterprise Platforms' }).waitFor({ timeout: 15_000 });
      await rowsShown(page);
    },
  },
  {
    name: 'access-tools',
    path: '/access?tab=tools',
    ready: async (page) => {
      await page.getByRole('tab', { name: /Tools/, selected: true }).first().waitFor({ timeout: 15_000 });
      await page.locator('table tbody tr').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'trends',
    path: '/trends',
    ready: async (page) => {
      await page.getByText('Category Growth Rates').first().waitFor({ timeout: 15_000 });
      await page.getByText(/\d+ enabled/).first().waitFor({ timeout: 20_000 });
    },
  },
  {
    // Code blocks: long lines scroll sideways on phones.
    name: 'ai-resources',
    path: '/ai-resources',
    ready: async (page) => {
      await page.getByText('/llms.txt').first().waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'admin',
    path: '/admin',
    ready: async (page) => {
      await logIn(page);
      await page.getByRole('heading', { name: 'Recent Scans' }).waitFor({ timeout: 15_000 });
      await page.getByText('Scan Logs').first().waitFor();
    },
  },
];

interface StepResult {
  /** Focus left the page (or came back to where it started). */
  done: boolean;
  desc: string;
  problems: string[];
  /** The focused element is a scroll region itself (worth a screenshot of its ring). */
  scrollRegion: boolean;
}

/** Marks the page's scrollable regions (once the page has settled), so the walk can tell which it reached. */
function markScrollRegions(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __kbd: { regions: { el: HTMLElement; desc: string; reached: boolean }[]; seen: WeakSet<Element>; count: number } };
    const regions: { el: HTMLElement; desc: string; reached: boolean }[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const s = getComputedStyle(el);
      const scrollsX = /auto|scroll/.test(s.overflowX) && el.scrollWidth - el.clientWidth > 1;
      const scrollsY = /auto|scroll/.test(s.overflowY) && el.scrollHeight - el.clientHeight > 1;
      if (!scrollsX && !scrollsY) continue;
      const label = el.getAttribute('aria-label');
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter((c) => /max-h|overflow|scroll/.test(c)).join('.') : '';
      regions.push({ el, desc: `${el.tagName.toLowerCase()}${label ? `[aria-label="${label}"]` : ''}${cls ? `.${cls}` : ''} (${scrollsX ? 'x' : ''}${scrollsY ? 'y' : ''})`, reached: false });
    }
    w.__kbd = { regions, seen: new WeakSet(), count: 0 };
    return regions.length;
  });
}

/** Checks the element that has focus now; see the file comment for what is checked. */
function checkFocused(page: Page): Promise<StepResult> {
  return page.evaluate(async () => {
    // Let a focus-driven re-render (Headless UI's data-focus) and the focus scroll settle.
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const w = window as unknown as { __kbd: { regions: { el: HTMLElement; desc: string; reached: boolean }[]; seen: WeakSet<Element>; count: number } };
    const kbd = w.__kbd;
    const el = document.activeElement as HTMLElement | null;
    const describeEl = (e: Element): string => {
      const h = e as HTMLElement;
      const role = h.getAttribute('role');
      const name = (h.getAttribute('aria-label') ?? h.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 48);
      return `${e.tagName.toLowerCase()}${h.id ? `#${h.id}` : ''}${role ? `[role=${role}]` : ''} "${name}"`;
    };
    if (!el || el === document.body || el === document.documentElement || kbd.seen.has(el)) return { done: true, desc: '', problems: [], scrollRegion: false };
    kbd.seen.add(el);
    kbd.count += 1;
    const problems: string[] = [];
    // Chromium (and Firefox) put a scroller without focusable content in the tab order on their own; Safari does not,
    // and the scroller then has no role or name. Only a stop the markup makes counts as reaching a region.
    const interactive = el.matches('a[href], button, input, select, textarea, summary, iframe, [contenteditable]');
    const byMarkup = interactive || el.hasAttribute('tabindex');
    const elStyle = getComputedStyle(el);
    const scroller =
      (/auto|scroll/.test(elStyle.overflowX) && el.scrollWidth - el.clientWidth > 1) || (/auto|scroll/.test(elStyle.overflowY) && el.scrollHeight - el.clientHeight > 1);
    if (!byMarkup) problems.push('focusable only by the browser (a scroller without tabindex): not in the tab order elsewhere, no role, no name');
    else if (scroller && !interactive) {
      if (!el.getAttribute('role')) problems.push('focusable scroll box without a role');
      if (!el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby')) problems.push('focusable scroll box without an accessible name');
    }
    if (byMarkup) for (const region of kbd.regions) if (region.el === el || region.el.contains(el)) region.reached = true;

    const r = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const cs = getComputedStyle(el);

    // Clipping ancestors, as rectangles (padding boxes); a fixed element escapes all of them, an absolute one the static ones.
    const clips: { rect: { left: number; top: number; right: number; bottom: number }; x: boolean; y: boolean; desc: string }[] = [];
    let needPositioned = cs.position === 'absolute';
    if (cs.position !== 'fixed') {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        const positioned = s.position !== 'static' || s.transform !== 'none';
        if (!needPositioned || positioned) {
          const x = s.overflowX !== 'visible';
          const y = s.overflowY !== 'visible';
          if (x || y) {
            const b = a.getBoundingClientRect();
            const left = b.left + a.clientLeft;
            const top = b.top + a.clientTop;
            clips.push({ rect: { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight }, x, y, desc: describeEl(a).slice(0, 60) });
          }
        }
        if (s.position === 'fixed') break;
        if (positioned) needPositioned = s.position === 'absolute';
      }
    }

    // 1. Visible: a real box, in the viewport, not cut away by a clipping ancestor.
    let visible = { left: Math.max(r.left, 0), top: Math.max(r.top, 0), right: Math.min(r.right, vw), bottom: Math.min(r.bottom, vh) };
    for (const c of clips) {
      if (c.x) visible = { ...visible, left: Math.max(visible.left, c.rect.left), right: Math.min(visible.right, c.rect.right) };
      if (c.y) visible = { ...visible, top: Math.max(visible.top, c.rect.top), bottom: Math.min(visible.bottom, c.rect.bottom) };
    }
    const visibleArea = Math.max(0, visible.right - visible.left) * Math.max(0, visible.bottom - visible.top);
    const fitsViewport = r.width <= vw + 0.5 && r.height <= vh + 0.5;
    if (r.width <= 1 || r.height <= 1) problems.push(`no visible box (${r.width.toFixed(1)}×${r.height.toFixed(1)})`);
    else if (fitsViewport && (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5))
      problems.push(`outside the viewport after focus (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`);
    else if (visibleArea <= 0) problems.push('hidden by a clipping ancestor');

    // 2. The focus indicator: outline (width + offset) or a box-shadow ring, inside every clipping ancestor.
    const transparent = (c: string) => c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c);
    let extent: number | undefined;
    let indicator = '';
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 && !transparent(cs.outlineColor)) {
      extent = parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
      indicator = `outline ${cs.outlineWidth} offset ${cs.outlineOffset}`;
    } else if (cs.boxShadow && cs.boxShadow !== 'none') {
      // A ring is a box-shadow's spread: the largest length in it; an inset ring stays inside the box.
      const lengths = [...cs.boxShadow.matchAll(/(-?\d+(?:\.\d+)?)px/g)].map((m) => Math.abs(parseFloat(m[1] ?? '0')));
      extent = /inset/.test(cs.boxShadow) ? 0 : Math.max(0, ...lengths);
      indicator = `box-shadow ${cs.boxShadow}`;
    }
    if (extent === undefined) problems.push('no focus indicator (outline and box-shadow none)');
    else if (r.width > 1 && r.height > 1) {
      const ring = { left: r.left - extent, top: r.top - extent, right: r.right + extent, bottom: r.bottom + extent };
      for (const c of clips) {
        const cut: string[] = [];
        if (c.x && ring.left < c.rect.left - 0.5) cut.push(`left ${(c.rect.left - ring.left).toFixed(1)}px`);
        if (c.x && ring.right > c.rect.right + 0.5) cut.push(`right ${(ring.right - c.rect.right).toFixed(1)}px`);
        if (c.y && ring.top < c.rect.top - 0.5) cut.push(`top ${(c.rect.top - ring.top).toFixed(1)}px`);
        if (c.y && ring.bottom > c.rect.bottom + 0.5) cut.push(`bottom ${(ring.bottom - c.rect.bottom).toFixed(1)}px`);
        if (cut.length) problems.push(`focus indicator (${indicator}) clipped by ${c.desc}: ${cut.join(', ')}`);
      }
    }

    // 3. Not covered by a fixed or sticky layer (centre and corners of the visible part); the centre by nothing at all.
    const layerOf = (e: Element | null): Element | null => {
      for (let a = e; a && a !== document.documentElement; a = a.parentElement) {
        const p = getComputedStyle(a).position;
        if (p === 'fixed' || p === 'sticky') return a;
      }
      return null;
    };
    if (visibleArea > 0) {
      const cx = (visible.left + visible.right) / 2;
      const cy = (visible.top + visible.bottom) / 2;
      const inset = 2;
      const points: [string, number, number][] = [
        ['centre', cx, cy],
        ['top left', visible.left + inset, visible.top + inset],
        ['top right', visible.right - inset, visible.top + inset],
        ['bottom left', visible.left + inset, visible.bottom - inset],
        ['bottom right', visible.right - inset, visible.bottom - inset],
      ];
      for (const [where, x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === el || el.contains(hit)) continue;
        const layer = layerOf(hit);
        if (layer && !layer.contains(el)) {
          problems.push(`${where} covered by ${getComputedStyle(layer).position} ${describeEl(layer).slice(0, 60)}`);
          break;
        }
        if (where === 'centre' && !hit.contains(el)) problems.push(`centre covered by ${describeEl(hit).slice(0, 60)}`);
      }
    }

    return { done: false, desc: describeEl(el), problems, scrollRegion: !interactive && !el.matches('[role=tab]') };
  });
}

/** Scroll regions nobody reached (still on the page and still scrolling). */
function unreachedRegions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __kbd: { regions: { el: HTMLElement; desc: string; reached: boolean }[] } };
    return w.__kbd.regions
      .filter((r) => !r.reached && r.el.isConnected && (r.el.scrollWidth - r.el.clientWidth > 1 || r.el.scrollHeight - r.el.clientHeight > 1))
      .map((r) => `scrollable region not reachable by keyboard: ${r.desc}`);
  });
}

interface WalkReport {
  walk: string;
  size: string;
  stops: number;
  regions: number;
  failures: string[];
}
const reports: WalkReport[] = [];

async function tabWalk(walk: Walk, size: (typeof SIZES)[number]): Promise<WalkReport> {
  const { page, errors } = await openPage(browser, { width: size.width, height: size.height });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(`${product.url}${walk.path}`);
  await walk.ready(page);
  await page.waitForLoadState('networkidle');
  const regions = await markScrollRegions(page);
  const failures: string[] = [];
  let stops = 0;
  let shots = 0;
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    const step = await checkFocused(page);
    if (step.done) break;
    stops += 1;
    for (const p of step.problems) failures.push(`#${stops} ${step.desc}: ${p}`);
    // A look at each focused scroll region and each failure (the first few), for the record.
    if ((step.scrollRegion || step.problems.length) && shots < 12) {
      shots += 1;
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `keyboard-${walk.name}-${size.name}-${stops}.png`) });
    }
  }
  failures.push(...(await unreachedRegions(page)));
  failures.push(...errors.map((e) => `page error: ${e}`));
  await page.context().close();
  const report = { walk: walk.name, size: size.name, stops, regions, failures };
  reports.push(report);
  console.log(`[keyboard] ${walk.name} ${size.name}: ${stops} tab stops, ${regions} scroll regions, ${failures.length} failures${failures.length ? `\n  ${failures.join('\n  ')}` : ''}`);
  return report;
}

beforeAll(async () => {
  ({ product, browser } = await openScannedProduct());
}, 240_000);

afterAll(async () => {
  await closeScannedProduct(product, browser);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await writeFile(path.join(SCREENSHOT_DIR, '..', 'keyboard-report.json'), JSON.stringify(reports, null, 2));
  const failing = reports.filter((r) => r.failures.length);
  console.log(
    `[keyboard] summary: ${reports.length} walks, ${failing.length} with failures${failing.map((r) => `\n  ${r.walk}/${r.size}: ${r.failures.length} (${[...new Set(r.failures.map((f) => f.replace(/^#\d+ /, '').replace(/"[^"]*"/g, '"…"').replace(/[\d.]+px/g, 'Npx')))].length} kinds)`).join('')}`,
  );
}, 60_000);

describe('keyboard: Tab through every page', () => {
  for (const walk of WALKS) {
    for (const size of SIZES) {
      it(`${walk.name} at ${size.width}×${size.height}: every stop visible, its focus ring unclipped and uncovered; every scroll region reached`, async () => {
        const report = await tabWalk(walk, size);
        expect(report.stops).toBeGreaterThan(5);
        expect(report.failures).toEqual([]);
      }, 180_000);
    }
  }
});

describe('keyboard: the floating actions at the end of the overview', () => {
  for (const size of SIZES) {
    it(`cover nothing focusable when the page is scrolled to its end at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await openPage(browser, { width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await page.goto(product.url);
      await rowsShown(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = await page.evaluate(() => {
        const actions = [...document.querySelectorAll('button[aria-label="Export Report"], button[aria-label="Refresh Data"]')];
        const bar = actions[0]?.parentElement;
        // On phones the whole bar (with its border and padding), from `sm` up the round buttons and their focus rings.
        const boxes = getComputedStyle(actions[0] ?? document.body).flexGrow === '1' && bar ? [bar.getBoundingClientRect()] : actions.map((a) => a.getBoundingClientRect());
        const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right + 4 && b.left < a.right + 4 && a.top < b.bottom + 4 && b.top < a.bottom + 4;
        const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
          (e) => e.tabIndex >= 0 && !actions.includes(e) && e.getBoundingClientRect().width > 1,
        );
        return focusable.filter((e) => boxes.some((b) => overlaps(b, e.getBoundingClientRect()))).map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim());
      });
      expect(covered).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
