import type { AvailabilityDay } from '@mcp-census/schemas/api/liveness';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMs, formatUtcDay } from '../../lib/availability';
import { AXIS_TICK, axisLabel, CHART_TEXT_CLASS, TOOLTIP_STYLE } from '../charts/chart-theme';

/** Indigo-500: 4.5:1 on white, 4:1 on the dark card. */
const LINE = '#6366f1';

/** A small line of the daily mean response time; days without a reached scan leave a gap. */
export function ResponseTimeTrend({ days }: { days: readonly AvailabilityDay[] }) {
  const measured = days.filter((d) => d.avgResponseTime !== null);
  if (measured.length === 0) return <p className="text-xs text-muted">No response times in the last 30 days.</p>;
  const latest = measured[measured.length - 1]!;
  return (
    <figure className="space-y-1">
      <figcaption className="text-xs text-muted">
        Response time in ms (daily average), latest {formatMs(latest.avgResponseTime)}
      </figcaption>
      <div className={`h-24 ${CHART_TEXT_CLASS}`} role="img" aria-label={`Daily average response time over the last ${days.length} days; latest ${formatMs(latest.avgResponseTime)}`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...days]} margin={{ top: 4, right: 8, left: 0, bottom: 0 }}>
            <XAxis dataKey="date" hide />
            <YAxis tick={AXIS_TICK} width={40} tickCount={3} allowDecimals={false} />
            <Tooltip {...TOOLTIP_STYLE} labelFormatter={axisLabel(formatUtcDay)} formatter={(v) => [formatMs(Number(v)), 'Avg response']} />
            <Line type="monotone" dataKey="avgResponseTime" stroke={LINE} strokeWidth={2} dot={false} connectNulls={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
