import { Badge } from '../ui/Badge';

/** Opted out (by the site's owner), Pending (never scanned), MCP Enabled, or No MCP. */
export function WebsiteStatusBadge({ scan, optedOut = false }: { scan: { hasMcp: boolean } | null; optedOut?: boolean | undefined }) {
  if (optedOut) return <Badge tone="slate">Opted out</Badge>;
  if (!scan) return <Badge tone="amber">Pending</Badge>;
  return scan.hasMcp ? <Badge tone="green">MCP Enabled</Badge> : <Badge tone="slate">No MCP</Badge>;
}
