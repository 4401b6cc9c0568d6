// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebsitesTable, type WebsiteRow } from '../src/components/websites/WebsitesTable';

afterEach(cleanup);

const scan = (over: Partial<NonNullable<WebsiteRow['latestScan']>> = {}): NonNullable<WebsiteRow['latestScan']> => ({
  hasMcp: true,
  scanTime: new Date().toISOString(),
  mcpEndpoint: '/mcp',
  responseTime: 120,
  error: null,
  errorClass: null,
  transport: 'streamable-http',
  authRequired: false,
  toolsCount: 4,
  resourcesCount: 2,
  promptsCount: 0,
  ...over,
});

const rows: WebsiteRow[] = [
  { id: 1, name: 'Enabled Site', url: 'https://enabled.example', category: 'Development', latestScan: scan() },
  { id: 2, name: 'Plain Site', url: 'https://plain.example', category: null, latestScan: scan({ hasMcp: false, toolsCount: 0, resourcesCount: 0 }) },
  { id: 3, name: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)', category: null, latestScan: null },
];

describe('WebsitesTable', () => {
  it('shows MCP Enabled, No MCP and Pending with counts and Never for unscanned sites', () => {
    render(<WebsitesTable websites={rows} loading={false} onViewDetails={() => {}} />);
    const [, enabled, plain, pending] = screen.getAllByRole('row');
    const statusCell = (row: HTMLElement) => within(row).getAllByRole('cell')[1]!;
    expect(statusCell(enabled!).textContent).toBe('MCP Enabled');
    expect(within(enabled!).getByText('4')).toBeTruthy();
    expect(within(enabled!).getByText('Just now')).toBeTruthy();
    expect(statusCell(plain!).textContent).toBe('No MCP');
    expect(statusCell(pending!).textContent).toBe('Pending');
    expect(within(pending!).getByText('Never')).toBeTruthy();
    expect(within(pending!).getAllByText('0')).toHaveLength(2);
  });

  it('has the six spec columns', () => {
    render(<WebsitesTable websites={rows} loading={false} onViewDetails={() => {}} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Website', 'Status', 'Tools', 'Resources', 'Last Scan', 'Actions']);
  });

  it('renders scanned names as text and links only http(s) addresses, opened safely', () => {
    const { container } = render(<WebsitesTable websites={rows} loading={false} onViewDetails={() => {}} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://enabled.example/', 'https://plain.example/']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('passes the website id to View Details', () => {
    const onViewDetails = vi.fn();
    render(<WebsitesTable websites={rows} loading={false} onViewDetails={onViewDetails} />);
    fireEvent.click(screen.getByRole('button', { name: 'View Details: Plain Site' }));
    expect(onViewDetails).toHaveBeenCalledWith(2);
  });

  it('shows five skeleton rows while loading', () => {
    const { container } = render(<WebsitesTable websites={undefined} loading onViewDetails={() => {}} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(5);
  });

  it('shows the empty texts without websites', () => {
    render(<WebsitesTable websites={[]} loading={false} onViewDetails={() => {}} />);
    expect(screen.getByText('No websites found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search filters or add websites to analyze')).toBeTruthy();
  });
});
