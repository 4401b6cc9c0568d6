import type { IndustryAnalytics } from '@mcp-census/schemas/api/websites';
import { formatCountOf, formatNumber } from '../../lib/format';
import { Card } from '../ui/Card';

/**
 * How many monitored sites publish an MCP server card (via their catalog,
 * beside their endpoint or at a well-known address), counted like the
 * confirmed figures; nothing from a server that does not send the figure.
 */
export function ServerCardFigure({ analytics }: { analytics: Pick<IndustryAnalytics, 'serverCards' | 'totalPlatforms'> }) {
  const cards = analytics.serverCards;
  if (!cards) return null;
  return (
    <section aria-labelledby="server-card-figure-title" data-testid="server-card-figure">
      <Card>
        <h2 id="server-card-figure-title" className="text-sm font-medium text-muted">
          Publishes a server card
        </h2>
        <p className="mt-1 text-2xl font-bold">
          {formatNumber(cards.sites)} <span className="text-base font-medium text-muted">{cards.sites === 1 ? 'site' : 'sites'}</span>
        </p>
        <p className="text-sm text-muted">
          {cards.rate}% of {formatCountOf(analytics.totalPlatforms, 'monitored site')} describe their MCP server in a server card (catalog, beside the
          endpoint or at a well-known address).
        </p>
      </Card>
    </section>
  );
}
