import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'wouter';
import type { ReactNode } from 'react';
import { useWebsite } from '../../state/queries';
import { SiteHistory } from '../history/SiteHistory';
import { countFigure } from '../../lib/count-display';
import { formatLocalDateTime, formatNumber } from '../../lib/format';
import { siteStatus } from '../../lib/site-status';
import { ExternalLink } from '../ui/ExternalLink';
import { Skeleton } from '../ui/Skeleton';
import { CapabilityLists } from './CapabilityLists';
import { CategoryIcon } from './CategoryIcon';
import { ScanEvidence } from './ScanEvidence';
import { CompactAvailability } from './CompactAvailability';
import { SiteSignals } from './SiteSignals';
import { SiteStatusNotice } from './SiteStatusNotice';
import { WebsiteStatusBadge } from './WebsiteStatusBadge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-all text-right font-medium">{children}</dd>
    </div>
  );
}

const panel = 'rounded-lg border border-slate-200 p-4 dark:border-slate-800';

export interface WebsitePreview {
  name: string;
  url: string;
}

function DialogBody({ id, preview }: { id: number; preview: WebsitePreview | undefined }) {
  const { data: site, loading } = useWebsite(id);
  if (loading) {
    // The row already told us the name and address: show them at once, the rest as it loads.
    return (
      <div className="space-y-3" role="status" aria-label="Loading website details">
        {preview ? (
          <div className="pr-8">
            <DialogTitle className="break-words text-xl font-semibold">{preview.name}</DialogTitle>
            <p className="break-all text-sm text-muted">{preview.url}</p>
          </div>
        ) : (
          <>
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </>
        )}
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (!site) {
    return (
      <div className="py-8 text-center">
        <DialogTitle className="text-lg font-semibold">Website not found</DialogTitle>
        <p className="mt-1 text-sm text-muted">Unable to load website details</p>
      </div>
    );
  }
  const scan = site.latestScan;
  const status = siteStatus(site);
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3 pr-8">
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
          <CategoryIcon category={site.category} />
        </span>
        <div className="min-w-0">
          <DialogTitle className="break-words text-xl font-semibold">{site.name}</DialogTitle>
          <ExternalLink href={site.url} className="break-all text-sm text-link hover:underline">
            {site.url}
          </ExternalLink>
          <Link href={`/website/${site.id}`} className="mt-1 block text-xs font-medium text-muted hover:underline">
            Open as a page
          </Link>
        </div>
      </div>
      {site.optedOut || !scan ? (
        // Opted out, or no scan yet: the notice alone (the page shows the same one, see siteNotice).
        <SiteStatusNotice status={status} hasScan={false} liveness={site.liveness} error={null} notScanned={site.notScanned} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <section className={panel}>
              <h3 className="mb-2 font-semibold">MCP Status</h3>
              <dl>
                <Row label="Status">
                  <WebsiteStatusBadge site={site} />
                </Row>
                <Row label="Last scan">{formatLocalDateTime(scan.scanTime)}</Row>
                {scan.mcpEndpoint && <Row label="Endpoint">{scan.mcpEndpoint}</Row>}
                <Row label="Response time">{formatNumber(scan.responseTime)} ms</Row>
              </dl>
              <div className="mt-2">
                <ScanEvidence scan={scan} />
                <SiteSignals scan={scan} />
              </div>
            </section>
            <section className={panel}>
              <h3 className="mb-2 font-semibold">Capabilities</h3>
              <dl>
                <Row label="Tools">{countFigure(scan.toolsCount, scan.toolsTruncated)}</Row>
                <Row label="Resources">{countFigure(scan.resourcesCount, scan.resourcesTruncated)}</Row>
                <Row label="Prompts">{countFigure(scan.promptsCount, scan.promptsTruncated)}</Row>
                {((scan.resourceTemplatesCount ?? 0) > 0 || scan.resourceTemplatesTruncated) && (
                  <Row label="Resource templates">{countFigure(scan.resourceTemplatesCount ?? 0, scan.resourceTemplatesTruncated)}</Row>
                )}
                <Row label="Category">{site.category ?? 'Uncategorised'}</Row>
              </dl>
            </section>
          </div>
          {site.availability && <CompactAvailability availability={site.availability} />}
          {scan.hasMcp && <CapabilityLists scan={scan} />}
          <SiteStatusNotice status={status} hasScan liveness={site.liveness} error={scan.error} notScanned={site.notScanned} />
        </>
      )}
      {/* an opted-out site shows nothing of its scans */}
      {!site.optedOut && <SiteHistory websiteId={site.id} heading="h3" className={panel} />}
    </div>
  );
}

/** The website detail dialog; loads the site only while open. */
export function WebsiteDetailDialog({ websiteId, preview, onClose }: { websiteId: number | undefined; preview?: WebsitePreview | undefined; onClose: () => void }) {
  return (
    <Dialog open={websiteId !== undefined} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/60" />
      <DialogPanel className="relative max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6 dark:bg-slate-900">
        <button
          type="button"
          onClick={onClose}
          className="absolute right-3 top-3 rounded-md p-2 text-muted hover:bg-slate-100 dark:hover:bg-slate-800"
          aria-label="Close"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {websiteId !== undefined && <DialogBody id={websiteId} preview={preview} />}
      </DialogPanel>
    </Dialog>
  );
}
