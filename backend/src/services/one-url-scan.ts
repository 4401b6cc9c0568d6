import { probeUrlSchema, type ScanResult, type SingleScan, type VerifyEndpointResponse } from '@mcp-census/schemas';
import type { Prober } from '@mcp-census/streams';
import { HttpError } from '../http/error-handler';

export interface OneUrlScanner {
  /** POST /api/verify-mcp-endpoint: does this URL answer as a public MCP server? */
  verifyEndpoint(url: string): Promise<VerifyEndpointResponse>;
  /** POST /mcp/tools/scan_website: full discovery of one website, never calling its tools. */
  scanWebsite(url: string): Promise<SingleScan>;
}

/**
 * One-URL probes for visitors and agents, through the same SSRF-safe prober
 * as the scanner role. A URL that is not http(s) is a 400 before any request.
 */
export function createOneUrlScanner(
  prober: Pick<Prober, 'probeEndpoint' | 'probeWebsite'>,
  now: () => Date = () => new Date(),
  /** An approved opt-out stops every scan of the domain, on request too. */
  isOptedOut: (host: string) => Promise<boolean> = async () => false,
): OneUrlScanner {
  const notOptedOut = async (url: string): Promise<string> => {
    if (await isOptedOut(new URL(url).hostname)) throw new HttpError(403, "This domain's owner opted out of MCP Census scans; it is not probed.");
    return url;
  };
  return {
    async verifyEndpoint(url) {
      const result = await prober.probeEndpoint(await notOptedOut(validUrl(url)));
      if (result.hasMcp && !result.authRequired) return { success: true };
      if (result.hasMcp) return { success: false, error: 'The endpoint requires authentication; registered endpoints must be publicly accessible.' };
      return { success: false, error: result.error ?? 'No MCP server answered at this URL.' };
    },
    async scanWebsite(url) {
      const target = await notOptedOut(validUrl(url));
      return toSingleScan(target, await prober.probeWebsite(target), now());
    },
  };
}

function validUrl(url: string): string {
  const parsed = probeUrlSchema.safeParse(url);
  if (!parsed.success) throw new HttpError(400, `Invalid url: ${parsed.error.issues[0]?.message ?? 'not a URL'}`);
  return parsed.data;
}

export function toSingleScan(url: string, r: ScanResult, scanTime: Date): SingleScan {
  return {
    url,
    scanTime: scanTime.toISOString(),
    hasMcp: r.hasMcp,
    mcpEndpoint: r.mcpEndpoint,
    responseTime: r.responseTime,
    error: r.error,
    transport: r.transport,
    protocolVersion: r.protocolVersion,
    authRequired: r.authRequired,
    serverInfo: r.serverInfo,
    evidence: r.evidence,
    errorClass: r.errorClass,
    toolsTruncated: r.toolsTruncated,
    resourcesTruncated: r.resourcesTruncated,
    promptsTruncated: r.promptsTruncated,
    resourceTemplatesTruncated: r.resourceTemplatesTruncated,
    resourceTemplates: r.resourceTemplates.map((t) => ({ name: t.name, uriTemplate: t.uriTemplate, description: t.description ?? null })),
    tools: r.tools.map((t) => ({ name: t.name, description: t.description ?? null, category: t.category ?? null })),
    resources: r.resources.map((x) => ({ name: x.name, description: x.description ?? null, type: x.type ?? null, uri: x.uri })),
    prompts: r.prompts.map((p) => ({ name: p.name, description: p.description ?? null, arguments: p.arguments })),
  };
}
