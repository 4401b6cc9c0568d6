import type { SecurityAnalytics } from '@mcp-census/schemas/api/security';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { ExternalLink } from '../ui/ExternalLink';
import { SeverityBadge } from './SeverityBadge';
import { VisibleText } from './VisibleText';

/** Affected servers listed per technique. */
const MAX_SERVERS = 3;

export function TopVulnerabilities({ items }: { items: SecurityAnalytics['topVulnerabilities'] }) {
  return (
    <Card as="section" className="space-y-4">
      <CardTitle>Top Vulnerabilities</CardTitle>
      {items.length === 0 ? (
        <p className="text-sm text-muted">No vulnerabilities detected yet</p>
      ) : (
        <ol className="space-y-3">
          {items.map((v) => (
            <li key={v.techniqueId} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <div className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs text-muted">{v.techniqueId}</code>
                <SeverityBadge severity={v.severity} />
                <span className="font-medium">{v.techniqueName}</span>
              </div>
              <p className="mt-1 text-sm text-muted">
                {v.tactic} · {v.affectedServers} affected {v.affectedServers === 1 ? 'server' : 'servers'}
              </p>
              {v.websites.length > 0 && (
                <ul className="mt-2 space-y-0.5 text-sm">
                  {v.websites.slice(0, MAX_SERVERS).map((site) => (
                    <li key={site.url} className="truncate">
                      <VisibleText text={site.name} /> —{' '}
                      <ExternalLink href={site.url}>
                        {site.url}
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
