import { MIN_CATEGORY_SAMPLE } from './figures';

/** The spec's footer disclaimer, word for word. */
export const DISCLAIMER = 'Scan data is shown as-is, may contain classification or detection errors, and should be verified independently.';

/** How the figures are made; printed by the HTML and the text report alike. */
export const METHODOLOGY: readonly string[] = [
  'Monitored platforms are the active websites of the catalogue. A platform counts as MCP-enabled when its latest confirmed scan found an MCP endpoint (including one behind authentication); confirmed unreachable platforms count in neither group.',
  'The adoption trend shows the state at the end of each UTC day: every platform scanned by then, in its latest known state. Its rates count scanned platforms, so they can differ slightly from the headline figures, which count every monitored platform.',
  'New adoptions are platforms whose first scan that found MCP fell in the report window.',
  `The leading category by adoption rate is chosen among categories with at least ${MIN_CATEGORY_SAMPLE} platforms when there are any, so a handful of sites cannot lead on a tiny sample.`,
  'Security figures are potential vulnerabilities flagged by heuristic SAFE-MCP detectors from what servers publish, not confirmed exploits.',
];
