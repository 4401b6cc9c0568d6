import type { SiteLiveness } from '@mcp-census/schemas/api/liveness';
import type { NotScanned } from '@mcp-census/schemas/scan-result';
import type { SiteStatusView } from '../../lib/site-status';
import { NoMcpNotice } from './NoMcpNotice';
import { NotScannedNotice } from './NotScannedNotice';
import { UnreachableNotice } from './UnreachableNotice';

/** The notice under a site's scan details for No MCP, Unreachable and Not scanned; nothing for the other states. */
export function SiteStatusNotice({
  status,
  liveness,
  error,
  notScanned = null,
}: {
  status: SiteStatusView;
  liveness: SiteLiveness | undefined;
  error: string | null;
  /** The robots.txt / Crawl-delay rule of the newest not-scanned scan. */
  notScanned?: NotScanned | null | undefined;
}) {
  switch (status.kind) {
    case 'no-mcp':
      return <NoMcpNotice error={error} />;
    case 'unreachable':
      return <UnreachableNotice liveness={liveness} />;
    case 'not-scanned':
      return <NotScannedNotice notScanned={notScanned} />;
    default:
      return null;
  }
}
