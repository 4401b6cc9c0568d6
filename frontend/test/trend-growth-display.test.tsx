// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CategoryTrend } from '@mcp-census/schemas/api/trends';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoryGrowthList } from '../src/components/trends/CategoryGrowthList';
import { TrendStatCards } from '../src/components/trends/TrendStatCards';
import type { TrendSummary } from '../src/lib/trend-summary';

afterEach(cleanup);

const summary = (over: Partial<TrendSummary>): TrendSummary => ({
  adoptionRate: 14.4,
  totalWebsites: 10_000,
  mcpEnabled: 1_440,
  newAdoptionsToday: 1_440,
  growthVelocity: undefined,
  periodChange: undefined,
  censusStart: undefined,
  ...over,
});

function card(title: string): HTMLElement {
  return screen.getByText(title).parentElement!;
}

describe('growth velocity card', () => {
  it('reads "Not enough history yet" beside a fresh census, not "+0.0%"', () => {
    render(<TrendStatCards summary={summary({ growthVelocity: { kind: 'no-history' } })} />);
    expect(card('New Adoptions Today').textContent).toContain('1.4k');
    expect(card('Growth Velocity').textContent).toContain('Not enough history yet');
    expect(document.body.textContent).not.toContain('+0.0%');
  });
  it('reads "New" when last month ended without adopters', () => {
    render(<TrendStatCards summary={summary({ growthVelocity: { kind: 'new' } })} />);
    expect(within(card('Growth Velocity')).getByText('New')).toBeTruthy();
  });
  it('shows a real monthly change signed', () => {
    render(<TrendStatCards summary={summary({ growthVelocity: { kind: 'change', percent: 4.5 } })} />);
    expect(within(card('Growth Velocity')).getByText('+4.5%')).toBeTruthy();
  });
});

describe('category growth rates', () => {
  const row = (category: string) => screen.getByText(category).closest('li')!;

  it('explains missing history once and marks each row for screen readers', () => {
    const fresh: CategoryTrend[] = [
      { category: 'AI', current: 300, growth: 0, previous: null },
      { category: 'Media', current: 1_200, growth: 0, previous: null },
    ];
    render(<CategoryGrowthList categories={fresh} />);
    expect(screen.getByText('Not enough history yet: growth compares with 30 days ago, before the census knew these categories.')).toBeTruthy();
    expect(row('Media').textContent).toBe('Media1,200 enabled—Not enough history yet');
    expect(document.body.textContent).not.toContain('0.0%');
  });

  it('names growth from zero "New" and sorts real changes first', () => {
    render(
      <CategoryGrowthList
        categories={[
          { category: 'AI', current: 3, growth: 0, previous: 0 },
          { category: 'Media', current: 12, growth: 20, previous: 10 },
          { category: 'Travel', current: 5, growth: 0, previous: 5 },
          { category: 'Health', current: 0, growth: 0, previous: 0 },
          { category: 'Search', current: 2, growth: 0, previous: null },
        ]}
      />,
    );
    const names = [...document.querySelectorAll('li')].map((li) => li.firstElementChild?.textContent);
    expect(names).toEqual(['Media', 'Travel', 'AI', 'Search', 'Health']);
    expect(row('Media').textContent).toContain('+20.0%');
    expect(row('AI').textContent).toContain('New');
    expect(row('Travel').textContent).toContain('0.0%');
    expect(row('Health').textContent).toContain('No adopters yet');
    expect(screen.getByText('Not enough history yet for 1 category (—): the census did not know it 30 days ago.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('+0.0%');
  });
});
