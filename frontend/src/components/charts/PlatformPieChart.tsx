import { distributionBarData, pieChartData, prefersPie, type CategoryStatistic } from '../../lib/chart-data';
import { ChartEmpty, NO_CHART_DATA } from './ChartEmpty';
import { DistributionBars } from './DistributionBars';
import { DistributionPie } from './DistributionPie';
import { useNarrowScreen } from './use-narrow-screen';

/**
 * Platform distribution: the spec's pie on wide screens while its labels can
 * tell the slices apart; sorted bars on phones and when most slices would go
 * unlabelled (more than 8 under 8%).
 */
export function PlatformPieChart({ categories, height = 320 }: { categories: readonly CategoryStatistic[]; height?: number }) {
  const narrow = useNarrowScreen();
  const slices = pieChartData(categories);
  const bars = distributionBarData(categories);
  if (bars.length === 0) return <ChartEmpty text={NO_CHART_DATA} height={height} />;
  return prefersPie(slices, narrow) ? <DistributionPie slices={slices} height={height} /> : <DistributionBars bars={bars} />;
}
