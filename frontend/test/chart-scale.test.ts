import { describe, expect, it } from 'vitest';
import { niceCeiling, percentAxis, percentCeiling, percentTicks, signedAxis } from '../src/lib/chart-scale';

describe('percentage axes scaled to the data', () => {
  it('tops 13–16% rates at 20%, not 100%', () => {
    expect(percentAxis(13.2, 16, 14.4)).toEqual({ domain: [0, 20], ticks: [0, 5, 10, 15, 20] });
  });
  it('keeps headroom above the largest value', () => {
    expect(percentCeiling(19)).toBe(25);
    expect(percentCeiling(48)).toBe(60);
    expect(percentCeiling(0.3)).toBe(1);
  });
  it('never passes 100% and copes with nothing', () => {
    expect(percentCeiling(95, 100)).toBe(100);
    expect(percentCeiling()).toBe(1);
    expect(percentCeiling(Number.NaN, 4)).toBe(5);
  });
  it('ticks evenly on round values, at most six of them', () => {
    expect(percentTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(percentTicks(60)).toEqual([0, 20, 40, 60]);
    expect(percentTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    for (let v = 0; v <= 100; v += 0.5) {
      const c = percentCeiling(v);
      const ticks = percentTicks(c);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBe(c);
    }
  });

  it('rounds ceilings to 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten', () => {
    expect([0.33, 1.2, 7, 24.2, 130, 2_100].map(niceCeiling)).toEqual([0.4, 1.5, 8, 25, 150, 2_500]);
  });
});

describe('growth axes around 0', () => {
  it('spans negative months and large gains on one round step', () => {
    expect(signedAxis([12.5, -3.1, 8.4, 22, 4.6])).toEqual({ domain: [-5, 25], ticks: [-5, 0, 5, 10, 15, 20, 25] });
    expect(signedAxis([150, 20])).toEqual({ domain: [0, 200], ticks: [0, 50, 100, 150, 200] });
    expect(signedAxis([-40, -10])).toEqual({ domain: [-50, 0], ticks: [-50, -40, -30, -20, -10, 0] });
  });
  it('has a visible range with only zeros', () => {
    expect(signedAxis([0, 0])).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
  });
});
