// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Sparkline, sparklinePoints } from '../src/components/overview/Sparkline';

afterEach(cleanup);

const ys = (points: string) => points.split(' ').map((p) => Number(p.split(',')[1]));

describe('the metric-card sparkline', () => {
  it('spans the box left to right, higher values higher up', () => {
    const points = sparklinePoints([1, 3, 2]);
    expect(points.split(' ').map((p) => Number(p.split(',')[0]))).toEqual([0, 50, 100]);
    const [a = 0, b = 0, c = 0] = ys(points);
    expect(b).toBeLessThan(c);
    expect(c).toBeLessThan(a);
  });

  it('draws a small change small: a 1.5% wobble stays within a fifth of the height', () => {
    const y = ys(sparklinePoints([404, 410, 405, 408]));
    expect(Math.max(...y) - Math.min(...y)).toBeLessThan(24 / 5);
    // a large change still uses the height
    const big = ys(sparklinePoints([100, 200]));
    expect(Math.max(...big) - Math.min(...big)).toBe(20);
  });

  it('draws a flat series as a level line in the middle', () => {
    expect(ys(sparklinePoints([7, 7, 7]))).toEqual([12, 12, 12]);
  });

  it('is an image summarising the first and last values', () => {
    render(<Sparkline values={[1_200, 1_500]} format={(n) => n.toLocaleString('en-US')} days={30} />);
    expect(screen.getByRole('img', { name: '30-day trend: from 1,200 to 1,500' })).toBeTruthy();
  });

  it('draws nothing for fewer than 2 values', () => {
    for (const values of [[], [5]]) {
      const { container } = render(<Sparkline values={values} format={String} days={30} />);
      expect(container.innerHTML).toBe('');
      cleanup();
    }
  });
});
