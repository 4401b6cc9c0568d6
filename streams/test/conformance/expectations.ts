import type { ScanResult } from '@mcp-census/schemas';
import { evidenceOf, scoreAll, templateNamesOf, type LiveEntry } from './harness';

/**
 * The comparable view of one probe: expected (`want`) and observed (`got`)
 * in the same shape, so a failure shows a field-by-field diff.
 */
export interface View {
  hasMcp: boolean;
  endpoint: string | null;
  transport: string | null;
  evidence: string | null;
  authRequired: boolean;
  errorClass?: string | null;
  authorizationServers?: string[];
  tools: string[];
  resources: string[];
  resourceTemplates: string[] | '(resourceTemplates absent from ScanResult)';
  prompts: string[];
  toolAnnotations: Record<string, unknown>;
  recallPrecision: Record<string, [number, number]>;
  toolCalls: number;
}

const sorted = (xs: readonly string[]): string[] => [...xs].sort();

export function wantView(l: LiveEntry): View {
  const e = l.entry.expected;
  return {
    hasMcp: e.hasMcp,
    endpoint: e.endpointPath === null ? null : `${l.origin}${e.endpointPath}`,
    transport: e.transport,
    evidence: e.evidence,
    authRequired: e.authRequired,
    ...(e.errorClass !== undefined ? { errorClass: e.errorClass } : {}),
    ...(e.authorizationServers !== undefined ? { authorizationServers: e.authorizationServers } : {}),
    tools: sorted(e.cat.tools.map((t) => t.name)),
    resources: sorted(e.cat.resources.map((r) => r.name)),
    resourceTemplates: sorted(e.cat.templates.map((t) => t.name)),
    prompts: sorted(e.cat.prompts.map((p) => p.name)),
    toolAnnotations: Object.fromEntries(e.cat.tools.filter((t) => t.annotations).map((t) => [t.name, t.annotations])),
    recallPrecision: { tools: [1, 1], resources: [1, 1], resourceTemplates: [1, 1], prompts: [1, 1] },
    toolCalls: 0,
  };
}

export function gotView(l: LiveEntry, r: ScanResult): View {
  const e = l.entry.expected;
  const s = scoreAll(l, r);
  const templates = templateNamesOf(r);
  const ev = evidenceOf(r);
  return {
    hasMcp: r.hasMcp,
    // An undetected server's endpoint is not asserted.
    endpoint: e.endpointPath === null ? null : r.mcpEndpoint,
    transport: r.transport,
    evidence: ev === undefined ? '(evidence absent from ScanResult)' : ev,
    authRequired: r.authRequired,
    ...(e.errorClass !== undefined ? { errorClass: r.errorClass } : {}),
    ...(e.authorizationServers !== undefined ? { authorizationServers: r.authorizationServers } : {}),
    tools: sorted(r.tools.map((t) => t.name)),
    resources: sorted(r.resources.map((x) => x.name)),
    resourceTemplates: templates === null ? '(resourceTemplates absent from ScanResult)' : sorted(templates),
    prompts: sorted(r.prompts.map((p) => p.name)),
    toolAnnotations: Object.fromEntries(r.tools.filter((t) => t.annotations && Object.keys(t.annotations).length > 0).map((t) => [t.name, t.annotations])),
    recallPrecision: {
      tools: [s.tools.recall, s.tools.precision],
      resources: [s.resources.recall, s.resources.precision],
      resourceTemplates: s.templates ? [s.templates.recall, s.templates.precision] : [0, 0],
      prompts: [s.prompts.recall, s.prompts.precision],
    },
    toolCalls: l.counter.calls,
  };
}
