import { InfoCardGrid, type InfoCardItem } from './InfoCardGrid';

const FORCES: InfoCardItem[] = [
  {
    title: 'Agent-driven traffic',
    text: 'AI assistants increasingly act for users. Platforms that expose structured tools are reachable by those agents; the rest are scraped or skipped.',
  },
  {
    title: 'Standardisation',
    text: 'One open protocol replaces many bespoke plugin formats, so a single MCP server serves every compatible client.',
  },
  {
    title: 'Developer ecosystem',
    text: 'Official SDKs in several languages and ready-made servers lower the cost of a first implementation to days.',
  },
  {
    title: 'Competitive pressure',
    text: 'Once a leader in a category ships MCP support, its competitors face the question of parity from customers and partners.',
  },
];

export function MarketForcesTab() {
  return <InfoCardGrid items={FORCES} />;
}
