import type { DistributionBar } from '../../lib/chart-data';
import { formatCountOf, formatNumber } from '../../lib/format';
import { chartColor } from './chart-theme';
import { ChartFrame } from './ChartFrame';
import { HorizontalBars, horizontalBarsHeight } from './HorizontalBars';

/** The distribution as sorted bars, each labelled with its count and share: readable where a pie is not. */
export function DistributionBars({ bars }: { bars: readonly DistributionBar[] }) {
  const data = bars.map((b) => ({ ...b, label: `${formatNumber(b.platforms)} (${b.share.toFixed(1)}%)` }));
  const total = bars.reduce((sum, b) => sum + b.platforms, 0);
  const largest = bars[0];
  return (
    <ChartFrame
      name="industry-distribution"
      height={horizontalBarsHeight(data.length)}
      summary={`Bar chart of platforms across ${formatCountOf(data.length, 'category', 'categories')}, largest first${largest ? `: ${largest.fullName} with ${formatCountOf(largest.platforms, 'platform')} (${largest.share.toFixed(1)}%)` : ''}.`}
      table={{
        caption: `Platforms per category (${formatCountOf(total, 'platform')} in all)`,
        columns: ['Category', 'Platforms', 'Share'],
        rows: bars.map((b) => [b.fullName, formatNumber(b.platforms), `${b.share.toFixed(1)}%`]),
      }}
    >
      <HorizontalBars
        data={data}
        series={[{ key: 'platforms', name: 'Platforms', color: chartColor(0), labelKey: 'label' }]}
        tooltipValue={(value, _series, row) => `${formatCountOf(value, 'platform')} (${row.share.toFixed(1)}%)`}
        labelRoom={96}
      />
    </ChartFrame>
  );
}
