import { Badge } from '../ui/Badge';

/** Pending (never scanned), MCP Enabled, or No MCP. */
export function WebsiteStatusBadge({ scan }: { scan: { hasMcp: boolean } | null }) {
  if (!scan) return <Badge tone="amber">Pending</Badge>;
  return scan.hasMcp ? <Badge tone="green">MCP Enabled</Badge> : <Badge tone="slate">No MCP</Badge>;
}
