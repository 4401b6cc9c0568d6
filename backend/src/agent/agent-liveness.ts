import type { PlatformStatus } from '@mcp-census/schemas/api/agent';
import type { SiteLiveness } from '@mcp-census/schemas/api/liveness';

interface SiteLike {
  latestScan: { hasMcp: boolean } | null;
  liveness?: SiteLiveness;
}

/** The agent API's word for a site's confirmed status; without liveness (older read models), its latest scan decides. */
export function agentStatusOf(site: SiteLike): PlatformStatus {
  const status = site.liveness?.status;
  if (status === 'mcp') return 'mcp-enabled';
  if (status !== undefined) return status;
  if (!site.latestScan) return 'pending';
  return site.latestScan.hasMcp ? 'mcp-enabled' : 'no-mcp';
}

/** unreachableSince, uptime30d and lastSeenAlive for an agent answer. */
export function agentLivenessOf(site: SiteLike): { unreachableSince: string | null; uptime30d: number | null; lastSeenAlive: string | null } {
  return {
    unreachableSince: site.liveness?.unreachableSince ?? null,
    uptime30d: site.liveness?.uptime30d ?? null,
    lastSeenAlive: site.liveness?.lastSeenAlive ?? null,
  };
}
