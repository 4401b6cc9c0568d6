import { describe, expect, it } from 'vitest';
import { AXIS_TICK, CHART_BACKGROUNDS, CHART_PALETTE, CHART_TEXT_CLASS, chartColor } from '../src/components/charts/chart-theme';
import { contrastRatio, distanceAs, type Vision } from './color-metrics';
import { readColourTokens } from './design-tokens';

const BACKGROUNDS = Object.entries(CHART_BACKGROUNDS);
const VISIONS: Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

/**
 * The palette's promise, both halves of it: every colour is a readable mark
 * (WCAG 1.4.11, 3:1) on both card backgrounds, and neighbours, including the
 * last and the first since colours repeat, stay far apart (CIEDE2000 ≥ 25)
 * for normal vision and the three simulated dichromacies.
 */
describe('the 15-colour chart palette', () => {
  it('has 15 distinct colours that repeat', () => {
    expect(CHART_PALETTE).toHaveLength(15);
    expect(new Set(CHART_PALETTE).size).toBe(15);
    expect(chartColor(15)).toBe(CHART_PALETTE[0]);
  });

  it.each(BACKGROUNDS)('every colour has at least 3:1 contrast on the %s background', (_theme, background) => {
    const weak = CHART_PALETTE.filter((c) => contrastRatio(c, background) < 3);
    expect(weak).toEqual([]);
  });

  it.each(VISIONS)('neighbouring colours differ by a CIEDE2000 of at least 25 (%s)', (vision) => {
    const close = CHART_PALETTE.flatMap((c, i) => {
      const next = chartColor(i + 1);
      const d = distanceAs(c, next, vision);
      return d < 25 ? [`${c}→${next}: ${d.toFixed(1)}`] : [];
    });
    expect(close).toEqual([]);
  });

  it('any two colours differ by a CIEDE2000 of at least 12 with normal vision', () => {
    const close: string[] = [];
    CHART_PALETTE.forEach((a, i) => CHART_PALETTE.slice(i + 1).forEach((b) => distanceAs(a, b, 'normal') < 12 && close.push(`${a}/${b}`)));
    expect(close).toEqual([]);
  });
});

// No one colour reaches 4.5:1 on both cards (the old #94a3b8 ticks were 2.56:1 on white), hence a pair: the muted text token.
describe('chart text', () => {
  const token = readColourTokens().find((t) => `text-${t.name}` === CHART_TEXT_CLASS);

  it('follows the theme: ticks draw in currentColor under a themed colour token', () => {
    expect(AXIS_TICK.fill).toBe('currentColor');
    expect(token).toBeDefined();
  });

  it('meets WCAG AA (4.5:1) on the light and the dark card', () => {
    expect(contrastRatio(token?.light ?? '#ffffff', CHART_BACKGROUNDS.light)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token?.dark ?? '#0f172a', CHART_BACKGROUNDS.dark)).toBeGreaterThanOrEqual(4.5);
  });
});
