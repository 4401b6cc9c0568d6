import { useSyncExternalStore } from 'react';

/** Below Tailwind's `md`: phones, where category names no longer fit under vertical bars. */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)';

const query = (): MediaQueryList | undefined => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True on phone-width viewports, following rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
