import { TREND_PERIODS, type TrendPeriod } from '@mcp-census/schemas/api/trends';

export const PERIOD_LABELS: Record<TrendPeriod, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '1 year' };

export function PeriodSelector({ value, onChange }: { value: TrendPeriod; onChange: (period: TrendPeriod) => void }) {
  return (
    <div>
      <label htmlFor="trend-period" className="mr-2 text-sm font-medium text-muted">
        Period
      </label>
      <select
        id="trend-period"
        value={value}
        onChange={(e) => onChange(Number(e.target.value) as TrendPeriod)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {TREND_PERIODS.map((period) => (
          <option key={period} value={period}>
            {period === 365 ? PERIOD_LABELS[period] : `Last ${PERIOD_LABELS[period]}`}
          </option>
        ))}
      </select>
    </div>
  );
}
