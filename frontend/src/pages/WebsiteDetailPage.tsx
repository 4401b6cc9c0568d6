import { Link, useParams } from 'wouter';
import { Badge } from '../components/ui/Badge';
import { Card } from '../components/ui/Card';
import { CardTitle } from '../components/ui/CardTitle';
import { ExternalLink } from '../components/ui/ExternalLink';
import { SiteHistory } from '../components/history/SiteHistory';
import { SiteFindings } from '../components/security/SiteFindings';
import { Skeleton } from '../components/ui/Skeleton';
import { CapabilityLists } from '../components/websites/CapabilityLists';
import { ScanEvidence } from '../components/websites/ScanEvidence';
import { SiteAvailabilityCard } from '../components/websites/SiteAvailabilityCard';
import { SiteSignals } from '../components/websites/SiteSignals';
import { SiteStatusNotice } from '../components/websites/SiteStatusNotice';
import { SiteStatusText } from '../components/websites/SiteStatusText';
import { WebsiteStatusBadge } from '../components/websites/WebsiteStatusBadge';
import { WebsiteSummaryCards } from '../components/websites/WebsiteSummaryCards';
import { countOfText } from '../lib/count-display';
import { formatLocalDateTime, formatNumber } from '../lib/format';
import { siteNotice, siteStatus } from '../lib/site-status';
import { useDocumentTitle } from '../lib/use-document-title';
import { useWebsite } from '../state/queries';

function BackLink() {
  return (
    <Link href="/" className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
      <span aria-hidden="true">←</span> Back to Dashboard
    </Link>
  );
}

function parseId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const column = 'space-y-1 text-sm';
const label = 'text-muted';

export default function WebsiteDetailPage() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  const { data: site, loading } = useWebsite(id);
  useDocumentTitle(site?.name ?? 'Website');

  if (loading) {
    return (
      <div className="space-y-6" role="status" aria-label="Loading website">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-9 w-1/2" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!site) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">Website not found</h1>
        <p className="mt-2 text-muted">The requested website could not be found.</p>
        <div className="mt-6">
          <BackLink />
        </div>
      </div>
    );
  }

  const status = siteStatus(site);
  const header = (
    <>
      <BackLink />
      <header className="space-y-2">
        <h1 className="break-words text-3xl font-bold">{site.name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExternalLink href={site.url} className="break-all text-link hover:underline">
            {site.url}
          </ExternalLink>
          {site.category && <Badge tone="indigo">{site.category}</Badge>}
          <WebsiteStatusBadge site={site} />
        </div>
      </header>
    </>
  );
  if (site.optedOut) {
    // The owner opted out: name and address only, no scan details.
    return (
      <div className="space-y-6">
        {header}
        <SiteStatusNotice status={status} hasScan={false} liveness={undefined} error={null} />
      </div>
    );
  }
  const scan = site.latestScan;
  return (
    <div className="space-y-6">
      {header}
      <WebsiteSummaryCards scan={scan} status={status} />
      {scan && (
        <Card as="section" className="space-y-4">
          <CardTitle>Latest Scan Information</CardTitle>
          <div className="grid gap-6 md:grid-cols-3">
            <div className={column}>
              <h3 className="font-semibold">Scan Details</h3>
              <p>
                <span className={label}>Scanned: </span>
                {formatLocalDateTime(scan.scanTime)}
              </p>
              <p>
                <span className={label}>Response time: </span>
                {formatNumber(scan.responseTime)} ms
              </p>
              {scan.mcpEndpoint && (
                <p className="break-all">
                  <span className={label}>Endpoint: </span>
                  {scan.mcpEndpoint}
                </p>
              )}
            </div>
            <div className={column}>
              <h3 className="font-semibold">Capabilities</h3>
              <p>{countOfText(scan.toolsCount, scan.toolsTruncated, 'tool')}</p>
              <p>{countOfText(scan.resourcesCount, scan.resourcesTruncated, 'resource')}</p>
              <p>{countOfText(scan.promptsCount, scan.promptsTruncated, 'prompt')}</p>
              {(scan.resourceTemplatesCount ?? 0) > 0 || scan.resourceTemplatesTruncated ? (
                <p>{countOfText(scan.resourceTemplatesCount ?? 0, scan.resourceTemplatesTruncated, 'resource template')}</p>
              ) : null}
            </div>
            <div className={column}>
              <h3 className="font-semibold">Status</h3>
              <SiteStatusText status={status} />
              {scan.error && <p className="break-words text-negative">Error: {scan.error}</p>}
              <ScanEvidence scan={scan} />
              <SiteSignals scan={scan} />
            </div>
          </div>
        </Card>
      )}
      {/* A site never scanned has no availability to show, only empty days (the dialog shows none either). */}
      {site.availability && siteNotice(status, scan !== null) !== 'no-scan' && <SiteAvailabilityCard availability={site.availability} endpoint={scan?.mcpEndpoint ?? null} />}
      {scan?.hasMcp && <CapabilityLists scan={scan} heading="h2" />}
      {scan?.hasMcp && <SiteFindings findings={site.findings ?? []} />}
      <SiteStatusNotice status={status} hasScan={scan !== null} liveness={site.liveness} error={scan?.error ?? null} notScanned={site.notScanned} />
      <Card>
        <SiteHistory websiteId={site.id} />
      </Card>
    </div>
  );
}
