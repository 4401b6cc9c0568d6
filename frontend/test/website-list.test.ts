import { describe, expect, it } from 'vitest';
import { narrowWhileTyping } from '../src/components/websites/use-website-list';

const site = (id: number, name: string) => ({ id, name, url: `https://${name.toLowerCase()}.example/`, category: null, latestScan: null });
const page = { websites: [site(1, 'Alpha'), site(2, 'Beta'), site(3, 'Alphabet')], pagination: { page: 1, limit: 15, total: 3, pages: 1 } };

describe('rows shown while a search is pending', () => {
  it('narrows the rows on screen to what was typed until the server answers', () => {
    expect(narrowWhileTyping(page, 'alpha', false)?.websites.map((w) => w.id)).toEqual([1, 3]);
  });
  it('shows the server answer as it is once it has arrived', () => {
    expect(narrowWhileTyping(page, 'alpha', true)).toBe(page);
  });
  it('leaves the rows alone without a search', () => {
    expect(narrowWhileTyping(page, '  ', false)).toBe(page);
    expect(narrowWhileTyping(undefined, 'x', false)).toBeUndefined();
  });
});
