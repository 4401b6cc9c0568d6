// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TrendIndicator } from '../src/components/ui/TrendIndicator';

afterEach(cleanup);

const arrowOf = (el: HTMLElement) => el.querySelector('svg');

describe('the weekly trend under a metric card', () => {
  it('says "Not enough history yet", in grey without an arrow, when there is no baseline', () => {
    const { container } = render(<TrendIndicator value={0} unit="%" baseline={null} current={120} />);
    const trend = container.firstElementChild as HTMLElement;
    expect(trend.textContent).toBe('Not enough history yet');
    expect(trend.className).toContain('text-muted');
    expect(trend.className).not.toMatch(/positive|negative|green|red/);
    expect(arrowOf(trend)).toBeNull();
  });

  it('never shows "+0.0%" without a baseline, whatever the figure', () => {
    for (const value of [0, 33.3, -4]) {
      const { container } = render(<TrendIndicator value={value} unit=" pts" baseline={null} />);
      expect(container.textContent).not.toMatch(/[+-]\d|from last week/);
      cleanup();
    }
  });

  it('says "New this week" for a figure that grew from 0 (a percent change from 0 is not +0.0%)', () => {
    const { container } = render(<TrendIndicator value={0} unit="%" baseline={0} current={42} />);
    const trend = container.firstElementChild as HTMLElement;
    expect(trend.textContent).toBe('New this week');
    expect(trend.textContent).not.toContain('%');
    expect(arrowOf(trend)).toBeNull();
  });

  it('keeps the spec rendering against a real baseline: sign, one decimal, green up arrow, "from last week"', () => {
    const { container } = render(<TrendIndicator value={2.46} unit="%" baseline={800} current={820} />);
    const trend = container.firstElementChild as HTMLElement;
    expect(trend.textContent).toBe('Up +2.5% from last week');
    expect(trend.className).toContain('text-positive');
    expect(arrowOf(trend)?.getAttribute('class')).not.toContain('rotate-180');
  });

  it('shows a fall in red with a down arrow', () => {
    const { container } = render(<TrendIndicator value={-1.25} unit=" pts" baseline={12.5} />);
    const trend = container.firstElementChild as HTMLElement;
    expect(trend.textContent).toBe('Down -1.3 pts from last week');
    expect(trend.className).toContain('text-negative');
    expect(arrowOf(trend)?.getAttribute('class')).toContain('rotate-180');
  });

  it('shows zero from a zero baseline, and the spec figure when the server gives no baseline at all', () => {
    const { container } = render(<TrendIndicator value={0} unit="%" baseline={0} current={0} />);
    expect(container.textContent).toBe('Up +0.0% from last week');
    cleanup();
    const older = render(<TrendIndicator value={1.5} unit="%" />);
    expect(older.container.textContent).toBe('Up +1.5% from last week');
  });
});
