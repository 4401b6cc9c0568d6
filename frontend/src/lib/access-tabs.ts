import { DISCOVERY_KINDS } from '@mcp-census/schemas/api/discovery';
import type { DiscoveryKind } from './public-api';

/** The Access page's tabs in order; `?tab=` takes these keys or a discovery kind. */
export const ACCESS_TABS = ['discovery', 'mcp-endpoints', 'examples', 'integration', 'security'] as const;
export type AccessTab = (typeof ACCESS_TABS)[number];

export interface AccessSelection {
  tab: AccessTab;
  kind: DiscoveryKind;
}

/** tools, resources, prompts and endpoints open Discovery Data on that sub-tab; unknown values open the default. */
export function parseAccessTab(value: string | null): AccessSelection {
  if (value && (DISCOVERY_KINDS as readonly string[]).includes(value)) return { tab: 'discovery', kind: value as DiscoveryKind };
  if (value && (ACCESS_TABS as readonly string[]).includes(value)) return { tab: value as AccessTab, kind: 'endpoints' };
  return { tab: 'discovery', kind: 'endpoints' };
}

/** The `?tab=` value that reproduces a selection (discovery is named by its sub-tab). */
export function accessTabParam(selection: AccessSelection): string {
  return selection.tab === 'discovery' ? selection.kind : selection.tab;
}

/** Spec section 9: the website count shown before the metrics load. */
export const ACCESS_FALLBACK_TOTAL = 10_469;
