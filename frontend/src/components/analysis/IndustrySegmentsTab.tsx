import { marketShare } from '../../lib/chart-data';
import { useIndustryAnalytics } from '../../state/queries';
import { PlatformPieChart } from '../charts/PlatformPieChart';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { Skeleton } from '../ui/Skeleton';
import { AdoptionRateChart } from './AdoptionRateChart';
import { CategoryCard } from './CategoryCard';
import { CategoryCountBarChart } from './CategoryCountBarChart';
import { ServerCardFigure } from './ServerCardFigure';

export function IndustrySegmentsTab() {
  const { data, loading } = useIndustryAnalytics();
  if (loading) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" role="status" aria-label="Loading industry data">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  const categories = data?.categories ?? [];
  if (categories.length === 0) {
    return <p className="py-10 text-center text-muted">No industry data available. Data will populate as platform scanning progresses.</p>;
  }
  const byRate = [...categories].sort((a, b) => b.adoptionRate - a.adoptionRate || b.totalPlatforms - a.totalPlatforms);
  return (
    <div className="space-y-6">
      {data && <ServerCardFigure analytics={data} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle className="mb-2">Platform Distribution</CardTitle>
          <PlatformPieChart categories={categories} />
        </Card>
        <Card>
          <CardTitle className="mb-2">Platforms by Category (Top 15)</CardTitle>
          <CategoryCountBarChart categories={categories} />
        </Card>
      </div>
      <Card>
        <CardTitle>MCP Adoption Rate by Category</CardTitle>
        <p className="text-sm text-muted">Top 20 categories with at least 3 platforms.</p>
        <AdoptionRateChart categories={categories} />
      </Card>
      <section aria-labelledby="category-cards-title" className="space-y-3">
        <h2 id="category-cards-title" className="text-lg font-semibold">
          Categories
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {byRate.map((stat) => (
            <CategoryCard key={stat.category} stat={stat} marketShare={marketShare(stat, categories)} />
          ))}
        </ul>
      </section>
    </div>
  );
}
