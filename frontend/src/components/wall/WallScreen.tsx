import { WallHighlights } from './WallHighlights';
import { WallRecentAdoptions } from './WallRecentAdoptions';
import { WallScanProgress } from './WallScanProgress';
import { WallTopBar } from './WallTopBar';
import { WallTopCategories } from './WallTopCategories';
import { WallTrendChart } from './WallTrendChart';
import { WALL_GAP } from './wall-styles';

/**
 * The wall: one dark screen sized to the viewport, never scrolling. It is
 * dark whatever the site's theme: its root carries the `dark` class, so the
 * colour tokens (text-muted and the rest, index.css) take their dark values
 * inside it. Rows:
 * top bar, the six highlights, then scanning and newest adoptions beside the
 * trend and the top categories.
 */
export function WallScreen() {
  return (
    <main
      id="main"
      className={`dark relative grid h-dvh w-full grid-rows-[auto_minmax(0,0.9fr)_minmax(0,3fr)] overflow-hidden bg-slate-950 p-[min(1.2vw,2.13vh)] text-slate-100 antialiased [color-scheme:dark] ${WALL_GAP}`}
      data-testid="wall"
    >
      <WallTopBar />
      <WallHighlights />
      <div className={`grid min-h-0 grid-cols-12 ${WALL_GAP}`}>
        <div className={`col-span-4 grid min-h-0 grid-rows-[auto_minmax(0,1fr)] ${WALL_GAP}`}>
          <WallScanProgress />
          <WallRecentAdoptions />
        </div>
        <div className={`col-span-8 grid min-h-0 grid-rows-[minmax(0,1.3fr)_minmax(0,1fr)] ${WALL_GAP}`}>
          <WallTrendChart />
          <WallTopCategories />
        </div>
      </div>
    </main>
  );
}
