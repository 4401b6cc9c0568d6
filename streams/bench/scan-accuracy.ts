// Scores scan results against the simulated web's expectations (SimSite.expected):
// how many sites were classified right, how much of each list was found, and
// what the probing cost, overall and on sites without MCP. Used by bench:scan.
import type { ScanResult } from '@mcp-census/schemas';
import type { SimSite } from '../src/simweb/sites';

type Scored = Pick<ScanResult, 'hasMcp' | 'evidence' | 'errorClass' | 'tools' | 'resources' | 'prompts' | 'requestCount'>;
type ListName = 'tools' | 'resources' | 'prompts';
const LISTS: readonly ListName[] = ['tools', 'resources', 'prompts'];
const EXPECTED_COUNT: Record<ListName, 'toolCount' | 'resourceCount' | 'promptCount'> = { tools: 'toolCount', resources: 'resourceCount', prompts: 'promptCount' };

export interface AccuracyReport {
  sites: number;
  /** Sites whose hasMcp, evidence and errorClass all match the expectation. */
  classifiedRight: number;
  classifiedRightShare: number;
  /** Per list: distinct names found (at most the expected number per site) over names expected. */
  listRecall: Record<ListName, { found: number; expected: number; recall: number }>;
  requestsPerSite: number;
  noMcpSites: number;
  noMcpRequestsPerSite: number;
  /** The profiles of misclassified sites, most frequent first (what to look at when the share drops). */
  misclassifiedByProfile: Record<string, number>;
}

export class AccuracyTally {
  private sites = 0;
  private right = 0;
  private requests = 0;
  private noMcpSites = 0;
  private noMcpRequests = 0;
  private readonly lists = { tools: { found: 0, expected: 0 }, resources: { found: 0, expected: 0 }, prompts: { found: 0, expected: 0 } };
  private readonly wrongByProfile = new Map<string, number>();

  add(site: Pick<SimSite, 'profile' | 'expected'>, result: Scored): void {
    this.sites += 1;
    this.requests += result.requestCount;
    const { expected } = site;
    if (result.hasMcp === expected.hasMcp && result.evidence === expected.evidence && result.errorClass === expected.errorClass) this.right += 1;
    else this.wrongByProfile.set(site.profile, (this.wrongByProfile.get(site.profile) ?? 0) + 1);
    for (const list of LISTS) {
      const want = expected[EXPECTED_COUNT[list]];
      const names = new Set(result[list].map((item) => item.name));
      this.lists[list].expected += want;
      this.lists[list].found += Math.min(names.size, want);
    }
    if (site.profile === 'no-mcp') {
      this.noMcpSites += 1;
      this.noMcpRequests += result.requestCount;
    }
  }

  report(): AccuracyReport {
    const ratio = (a: number, b: number, digits: number) => (b === 0 ? 1 : Number((a / b).toFixed(digits)));
    const listRecall = Object.fromEntries(
      LISTS.map((list) => [list, { ...this.lists[list], recall: ratio(this.lists[list].found, this.lists[list].expected, 4) }]),
    ) as AccuracyReport['listRecall'];
    return {
      sites: this.sites,
      classifiedRight: this.right,
      classifiedRightShare: ratio(this.right, this.sites, 4),
      listRecall,
      requestsPerSite: ratio(this.requests, this.sites, 2),
      noMcpSites: this.noMcpSites,
      noMcpRequestsPerSite: ratio(this.noMcpRequests, this.noMcpSites, 2),
      misclassifiedByProfile: Object.fromEntries([...this.wrongByProfile].sort((a, b) => b[1] - a[1])),
    };
  }
}
