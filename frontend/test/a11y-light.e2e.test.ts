import { describe, expect, it } from 'vitest';
import { describeThemeAudit } from './e2e/a11y-audit';
import { openPageIn } from './e2e/browser';

/** WCAG 2.1 A/AA in the light theme (the dark theme: a11y-dark.e2e.test.ts), and reduced motion. */
const opened = describeThemeAudit('light');

describe('reduced motion', () => {
  it('ends every transition and animation at once for a visitor who asks for reduced motion (WCAG 2.3.3)', async () => {
    const { product, browser } = opened();
    const context = await browser.newContext();
    try {
      const { page, errors } = await openPageIn(context);
      /** The longest transition or animation of any element on the page, in seconds. */
      const longestMotion = () =>
        page.evaluate(() => {
          const seconds = (v: string) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v));
          let longest = 0;
          for (const el of document.querySelectorAll('*')) {
            const style = getComputedStyle(el);
            for (const v of [...style.transitionDuration.split(','), ...style.animationDuration.split(',')]) longest = Math.max(longest, seconds(v) || 0);
          }
          return longest;
        });
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto(`${product.url}/`);
      await page.getByText('Highlights').first().waitFor();
      await page.waitForLoadState('networkidle');
      // the page has motion to take away: buttons fade their colours
      expect(await longestMotion()).toBeGreaterThanOrEqual(0.1);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await longestMotion()).toBeLessThanOrEqual(0.001);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
