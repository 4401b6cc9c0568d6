import { useMetrics } from '../../state/queries';
import { highlightCards } from '../overview/highlight-cards';
import { WallTrend } from './WallTrend';
import { WALL_GAP, WALL_PANEL, WALL_TEXT } from './wall-styles';

const testId = (title: string) => `wall-metric-${title.toLowerCase().replaceAll(' ', '-')}`;
/** A value longer than "100.0%" (1234.6k tools) takes the smaller figure size, so it still fits its card. */
const LONG_VALUE = 6;

/** The Overview's six Highlights (the same cards: overview/highlight-cards.ts), one row across the screen, without sparklines: the wall has the trend chart. */
export function WallHighlights() {
  const { data: metrics, loading } = useMetrics();
  if (!metrics) {
    return (
      <section aria-label="Highlights" aria-busy={loading} className={`${WALL_PANEL} items-center justify-center`}>
        <p className={`${WALL_TEXT.body} text-muted`}>{loading ? 'Loading highlights…' : 'No data available'}</p>
      </section>
    );
  }
  return (
    <section aria-label="Highlights" className={`grid grid-cols-6 ${WALL_GAP}`}>
      {highlightCards(metrics, undefined).map((h) => (
        <article key={h.title} className={`${WALL_PANEL} justify-between gap-[min(0.6vw,1.07vh)]`}>
          <h2 className={`${WALL_TEXT.label} font-medium text-slate-300`}>{h.title}</h2>
          <p className={`${h.value.length > LONG_VALUE ? WALL_TEXT.figureSmall : WALL_TEXT.figure} whitespace-nowrap font-bold tabular-nums text-white`} data-wall-figure data-testid={testId(h.title)}>
            {h.value}
          </p>
          {h.trend ? <WallTrend {...h.trend} /> : <p className={`${WALL_TEXT.small} text-muted`}>{h.caption}</p>}
        </article>
      ))}
    </section>
  );
}
