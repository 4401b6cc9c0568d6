import { describe, expect, it } from 'vitest';
import { pageWindow, showingText } from '../src/lib/pagination';

describe('pageWindow', () => {
  it('shows at most 5 pages centred on the current one', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });
  it('shifts at the edges', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('showingText', () => {
  it('reports the rows of the page', () => {
    expect(showingText(1, 20, 95)).toBe('Showing 1 to 20 of 95 results');
    expect(showingText(5, 20, 95)).toBe('Showing 81 to 95 of 95 results');
    expect(showingText(1, 20, 0)).toBe('Showing 0 to 0 of 0 results');
  });
  it('groups large figures (spec: the figures of tables, not the card rule)', () => {
    expect(showingText(500, 20, 10_000)).toBe(`Showing ${(9_981).toLocaleString()} to ${(10_000).toLocaleString()} of ${(10_000).toLocaleString()} results`);
    expect(showingText(500, 20, 10_000)).not.toContain('10000');
  });
});
