import type { SiteLiveness } from '@mcp-census/schemas/api/liveness';
import type { NotScanned } from '@mcp-census/schemas/scan-result';
import { siteNotice, type SiteStatusView } from '../../lib/site-status';
import { NoMcpNotice } from './NoMcpNotice';
import { NoScanNotice } from './NoScanNotice';
import { NotScannedNotice } from './NotScannedNotice';
import { OptedOutNotice } from './OptedOutNotice';
import { UnreachableNotice } from './UnreachableNotice';

/**
 * The notice under (or in place of) a site's scan details, the same on its
 * page and in its dialog: Opted out, No Scan Data Available (Pending), No MCP,
 * Unreachable, Not scanned; nothing for an MCP site.
 */
export function SiteStatusNotice({
  status,
  hasScan,
  liveness,
  error,
  notScanned = null,
}: {
  status: SiteStatusView;
  /** Whether the site has a stored latest scan. */
  hasScan: boolean;
  liveness: SiteLiveness | undefined;
  error: string | null;
  /** The robots.txt / Crawl-delay rule of the newest not-scanned scan. */
  notScanned?: NotScanned | null | undefined;
}) {
  switch (siteNotice(status, hasScan)) {
    case 'opted-out':
      return <OptedOutNotice />;
    case 'no-scan':
      return <NoScanNotice />;
    case 'no-mcp':
      return <NoMcpNotice error={error} />;
    case 'unreachable':
      return <UnreachableNotice liveness={liveness} />;
    case 'not-scanned':
      return <NotScannedNotice notScanned={notScanned} />;
    case null:
      return null;
  }
}
