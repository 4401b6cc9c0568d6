// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscoveryEndpointsTable } from '../src/components/access/DiscoveryEndpointsTable';
import { CapabilityLists } from '../src/components/websites/CapabilityLists';
import { ScanEvidence } from '../src/components/websites/ScanEvidence';
import { WebsiteSummaryCards } from '../src/components/websites/WebsiteSummaryCards';
import { WebsitesTable, type WebsiteRow } from '../src/components/websites/WebsitesTable';

afterEach(cleanup);

type Scan = NonNullable<WebsiteDetailResponse['latestScan']>;
const HOSTILE = '<img src=x onerror=alert(1)>';

const scan = (over: Partial<Scan> = {}): Scan => ({
  hasMcp: true,
  scanTime: new Date().toISOString(),
  mcpEndpoint: '/mcp',
  responseTime: 80,
  error: null,
  errorClass: null,
  transport: 'streamable-http',
  authRequired: false,
  toolsCount: 2,
  resourcesCount: 0,
  promptsCount: 0,
  evidence: 'handshake',
  toolsTruncated: true,
  resourcesTruncated: false,
  promptsTruncated: false,
  resourceTemplatesCount: 1,
  resourceTemplatesTruncated: false,
  protocolVersion: '2025-06-18',
  serverInfo: null,
  authorizationServers: [],
  discoveredVia: 'well-known',
  listsTruncated: true,
  tools: [
    { id: '1-0', name: 'search', title: null, description: 'Searches', category: null, inputSchema: null, annotations: { title: 'Search the catalogue', readOnlyHint: true, openWorldHint: false }, hash: 'a'.repeat(64) },
    { id: '1-1', name: 'delete_all', title: null, description: null, category: null, inputSchema: null, annotations: { destructiveHint: true, idempotentHint: true }, hash: 'b'.repeat(64) },
  ],
  resources: [],
  prompts: [],
  resourceTemplates: [{ id: '1-0', name: 'file', uriTemplate: 'file:///{path}', description: HOSTILE, hash: 'c'.repeat(64) }],
  ...over,
});

describe('counts of truncated lists', () => {
  it('read "at least N" in the websites table, "unknown" when nothing could be read, and plain counts otherwise', () => {
    const rows: WebsiteRow[] = [
      { id: 1, name: 'Cut', url: 'https://cut.example', category: null, latestScan: scan({ toolsCount: 500, toolsTruncated: true, resourcesCount: 3 }) },
      { id: 2, name: 'Walled', url: 'https://walled.example', category: null, latestScan: scan({ evidence: 'auth-wall', toolsCount: 0, toolsTruncated: true, resourcesCount: 0, resourcesTruncated: true }) },
      { id: 3, name: 'Whole', url: 'https://whole.example', category: null, latestScan: scan({ toolsCount: 4, toolsTruncated: false }) },
    ];
    render(<WebsitesTable websites={rows} loading={false} onViewDetails={() => {}} />);
    const [, cut, walled, whole] = screen.getAllByRole('row');
    const counts = (row: HTMLElement) => within(row).getAllByRole('cell').slice(2, 4).map((c) => c.textContent);
    expect(counts(cut!)).toEqual(['at least 500', '3']);
    expect(counts(walled!)).toEqual(['unknown', 'unknown']);
    expect(counts(whole!)).toEqual(['4', '0']);
  });

  it('read "at least N" on the summary cards, never 0 for an unreadable list', () => {
    render(<WebsiteSummaryCards scan={scan({ toolsCount: 0, toolsTruncated: true, resourcesCount: 7, resourcesTruncated: true })} />);
    const value = (title: string) => screen.getByText(title).nextElementSibling?.textContent;
    expect(value('Tools Available')).toBe('unknown');
    expect(value('Resources')).toBe('at least 7');
    expect(value('Prompts')).toBe('0');
  });
});

describe('CapabilityLists', () => {
  it('heads a cut list with "at least N" and says which lists are lower bounds', () => {
    render(<CapabilityLists scan={scan()} />);
    expect(screen.getByRole('heading', { name: /Available Tools/ }).textContent).toBe('Available Tools (at least 2)');
    expect(screen.getByTestId('truncation-note').textContent).toContain('lower bounds: tools');
  });

  it('shows resource templates with name, URI template and description as text', () => {
    const { container } = render(<CapabilityLists scan={scan()} />);
    const section = screen.getByRole('heading', { name: /Resource Templates/ }).closest('section')!;
    expect(section.querySelector('h3')?.textContent).toBe('Resource Templates (1)');
    expect(within(section).getByText('file')).toBeTruthy();
    expect(within(section).getByText('file:///{path}')).toBeTruthy();
    expect(within(section).getByText(HOSTILE)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows hidden and bidi-control characters of scanned names and descriptions escaped, never raw', () => {
    const hostile = scan({
      tools: [{ id: '1-0', name: 'list_\u202Eexe.txt', title: null, description: 'Reads\u200B files', category: null, inputSchema: null, annotations: null, hash: 'a'.repeat(64) }],
      resourceTemplates: [],
    });
    const { container } = render(<CapabilityLists scan={hostile} />);
    const tools = screen.getByRole('heading', { name: /Available Tools/ }).closest('section')!;
    expect(tools.textContent).toContain('list_⟨U+202E⟩exe.txt');
    expect(tools.textContent).toContain('Reads⟨U+200B⟩ files');
    expect(container.textContent).not.toContain('\u202E');
    expect(container.textContent).not.toContain('\u200B');
  });

  it('shows tool annotation badges and the annotation title', () => {
    render(<CapabilityLists scan={scan()} />);
    const [search, del] = within(screen.getByRole('heading', { name: /Available Tools/ }).closest('section')!).getAllByRole('listitem');
    expect(within(search!).getByText('Search the catalogue')).toBeTruthy();
    expect(within(search!).getByText('read-only')).toBeTruthy();
    expect(within(search!).getByText('closed-world')).toBeTruthy();
    expect(within(search!).queryByText('destructive')).toBeNull();
    expect(within(del!).getByText('destructive')).toBeTruthy();
    expect(within(del!).getByText('idempotent')).toBeTruthy();
  });
});

describe('ScanEvidence', () => {
  it('labels each evidence level with its plain explanation', () => {
    const { rerender } = render(<ScanEvidence scan={scan()} />);
    expect(screen.getByText('Evidence: Handshake')).toBeTruthy();
    expect(screen.getByText('MCP handshake answered')).toBeTruthy();
    rerender(<ScanEvidence scan={scan({ evidence: 'oauth-metadata', authRequired: true })} />);
    expect(screen.getByText('OAuth protected-resource metadata names this endpoint')).toBeTruthy();
    expect(screen.getByText(/Authentication required/)).toBeTruthy();
    rerender(<ScanEvidence scan={scan({ evidence: 'auth-wall', authRequired: true })} />);
    expect(screen.getByText('Evidence: Auth wall')).toBeTruthy();
    expect(screen.getByText('Auth wall: 401 on the MCP path, a control path answers differently')).toBeTruthy();
  });

  it('shows a forbidden 403 as its own message, not as authentication required', () => {
    render(<ScanEvidence scan={scan({ hasMcp: false, evidence: null, errorClass: 'forbidden', authRequired: false })} />);
    const box = screen.getByTestId('scan-evidence');
    expect(box.textContent).toContain('Refused by the server (403 without an authentication challenge');
    expect(box.textContent).not.toMatch(/authentication required/i);
    expect(box.textContent).not.toContain('Evidence:');
  });
});

describe('DiscoveryEndpointsTable', () => {
  it('has an Evidence column', () => {
    const endpoints: DiscoveryResponse['endpoints'] = [
      { websiteName: 'A', websiteUrl: 'https://a.example', endpoint: '/mcp', hasMcp: true, evidence: 'oauth-metadata' },
      { websiteName: 'B', websiteUrl: 'https://b.example', endpoint: '/mcp', hasMcp: false, evidence: null },
    ];
    render(<DiscoveryEndpointsTable endpoints={endpoints} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Website', 'Endpoint', 'Status', 'Evidence', 'Action']);
    const [, a, b] = screen.getAllByRole('row');
    expect(within(a!).getAllByRole('cell')[3]?.textContent).toBe('OAuth metadataOAuth protected-resource metadata names this endpoint');
    expect(within(b!).getAllByRole('cell')[3]?.textContent).toBe('—');
  });
});
