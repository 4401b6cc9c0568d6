// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterFirstCommit } from '../src/lib/use-after-first-commit';

afterEach(cleanup);

/** Records what each of its commits put on the page. */
function Probe({ commits }: { commits: string[] }) {
  const rest = useAfterFirstCommit();
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    commits.push(ref.current?.textContent ?? '');
  });
  return <p ref={ref}>{rest ? 'first screen and the rest' : 'first screen'}</p>;
}

describe('useAfterFirstCommit', () => {
  it('leaves what it guards out of the first commit and renders it right after', async () => {
    const commits: string[] = [];
    await act(async () => {
      render(<Probe commits={commits} />);
    });
    expect(commits).toEqual(['first screen', 'first screen and the rest']);
    expect(screen.getByText('first screen and the rest')).toBeTruthy();
  });
});
