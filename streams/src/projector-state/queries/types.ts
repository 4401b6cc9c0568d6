import type { WebsiteDetailResponse, WebsitesResponse } from '@mcp-census/schemas/api/websites';

/** Read models returned by the state queries: the REST response shapes (schemas/src/api/websites.ts), written once. */

export type WebsiteSummary = WebsitesResponse['websites'][number];
export type LatestScanSummary = NonNullable<WebsiteSummary['latestScan']>;

export type WebsiteDetail = WebsiteDetailResponse;
export type LatestScanDetail = NonNullable<WebsiteDetail['latestScan']>;

/** Ids are `${websiteId}-${position}`: stable for one scan, replaced by a newer scan. */
export type ToolView = LatestScanDetail['tools'][number];
export type ResourceView = LatestScanDetail['resources'][number];
export type PromptView = LatestScanDetail['prompts'][number];
export type ResourceTemplateView = NonNullable<LatestScanDetail['resourceTemplates']>[number];
