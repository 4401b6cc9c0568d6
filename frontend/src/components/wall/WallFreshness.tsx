import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { liveConnectedAtom } from '../../state/live-status';
import { useLastDataArrival } from './use-last-data-arrival';
import { useNow } from './use-now';
import { ageText, wallFreshness } from './wall-data';
import { WALL_TEXT } from './wall-styles';

/**
 * "Updated 12s ago", or, when the live socket is down or nothing arrived for
 * two minutes, a plain warning and an amber frame around the whole wall, so
 * nobody reads old figures as current. Socket.IO reconnects on its own, and
 * live-connection.ts refetches everything on the hello after a reconnect.
 */
export function WallFreshness() {
  const connected = useAtomValue(liveConnectedAtom);
  const [shownAt] = useState(() => Date.now());
  const [seenConnected, setSeenConnected] = useState(connected);
  // Adjusting state while rendering (React's documented pattern): remembered once the socket was up.
  if (connected && !seenConnected) setSeenConnected(true);
  const lastUpdate = useLastDataArrival();
  const now = useNow(1_000);
  const state = wallFreshness({ connected, seenConnected, shownAt, lastUpdate, now });
  const since = state.kind !== 'connecting' && state.ageMs !== undefined ? `${ageText(state.ageMs)} ago` : undefined;
  return (
    <>
      {/* Only the warnings are announced; the ticking age would be noise. */}
      <div role="status" aria-live="polite" className={WALL_TEXT.body}>
        {state.kind === 'stale' && (
          <p className="inline-flex items-center gap-[0.5em] rounded-full bg-amber-400 px-[0.9em] py-[0.3em] font-semibold text-slate-950" data-testid="wall-stale">
            <span aria-hidden="true" className="h-[0.6em] w-[0.6em] rounded-full bg-slate-950 motion-safe:animate-pulse" />
            Reconnecting… data may be stale (last update {since ?? 'not yet received'})
          </p>
        )}
        {state.kind === 'connecting' && <p className="text-muted">Connecting…</p>}
      </div>
      {state.kind === 'live' && (
        <p className={`${WALL_TEXT.body} tabular-nums text-muted`} data-testid="wall-updated">
          {since ? `Updated ${since}` : 'Waiting for data…'}
        </p>
      )}
      {state.kind === 'stale' && <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 border-[min(0.35vw,0.62vh)] border-amber-400" />}
    </>
  );
}
