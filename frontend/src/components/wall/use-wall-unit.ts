import { useEffect, useState } from 'react';

/** One wall unit in px: 1vw on a 16:9 screen, less on a narrower-than-16:9 one so the layout still fits its height. */
const wallUnit = () => Math.min(window.innerWidth / 100, window.innerHeight / 56.25);

/**
 * The CSS unit `min(1vw, 1.78vh)` as a number, for what takes px only (chart
 * ticks): the wall scales with the screen, 1080p and 4K alike.
 */
export function useWallUnit(): number {
  const [unit, setUnit] = useState(wallUnit);
  useEffect(() => {
    const onResize = () => setUnit(wallUnit());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return unit;
}
