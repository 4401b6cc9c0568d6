import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true right after it: content rendered
 * only when this is true (what lies below the first screen) stays out of the
 * first commit, so the first screen's figures reach the page without waiting
 * for it. A transition renders the rest in slices that let the browser paint
 * in between.
 */
export function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
