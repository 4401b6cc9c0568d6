/** Read models returned by the state queries (field names follow the product spec). */

export interface LatestScanSummary {
  hasMcp: boolean;
  scanTime: string;
  mcpEndpoint: string | null;
  /** ms */
  responseTime: number;
  error: string | null;
  errorClass: string | null;
  transport: string | null;
  authRequired: boolean;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
}

export interface WebsiteSummary {
  id: number;
  name: string;
  url: string;
  category: string | null;
  latestScan: LatestScanSummary | null;
}

/** Ids are `${websiteId}-${position}`: stable for one scan, replaced by a newer scan. */
export interface ToolView {
  id: string;
  name: string;
  title: string | null;
  description: string | null;
  category: string | null;
  inputSchema: unknown;
  annotations: unknown;
  hash: string;
}

export interface ResourceView {
  id: string;
  name: string;
  uri: string;
  description: string | null;
  type: string | null;
  hash: string;
}

export interface PromptView {
  id: string;
  name: string;
  description: string | null;
  arguments: unknown;
  hash: string;
}

export interface LatestScanDetail extends LatestScanSummary {
  protocolVersion: string | null;
  serverInfo: unknown;
  authorizationServers: string[];
  discoveredVia: string | null;
  listsTruncated: boolean;
  tools: ToolView[];
  resources: ResourceView[];
  prompts: PromptView[];
}

export interface WebsiteDetail extends Omit<WebsiteSummary, 'latestScan'> {
  latestScan: LatestScanDetail | null;
}
