import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE, type AdoptionBar } from '../../lib/chart-data';
import { AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';

/** Adoption rate per category on a fixed 0–100% axis. */
export function AdoptionBarChart({ data, height, minWidth }: { data: AdoptionBar[]; height: number; minWidth?: number }) {
  return (
    <div style={{ height, minWidth }} role="img" aria-label={`Adoption rate for ${data.length} categories`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 64, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="name" tick={AXIS_TICK} angle={-40} textAnchor="end" interval={0} height={70} />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={AXIS_TICK} />
          <Tooltip
            {...TOOLTIP_STYLE}
            labelFormatter={(_label, payload) => (payload[0]?.payload as AdoptionBar | undefined)?.fullName ?? ''}
            formatter={(value, _name, item) => [`${Number(value).toFixed(1)}% of ${(item.payload as AdoptionBar).platforms} platforms`, 'Adoption']}
          />
          <Bar dataKey="adoptionRate" name="Adoption rate" fill={CHART_PALETTE[2]} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
