import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { OptOutSection } from '../components/about/OptOutSection';
import { ScannerDetails } from '../components/about/ScannerDetails';
import { Card } from '../components/ui/Card';
import { CardTitle } from '../components/ui/CardTitle';
import { InlineLink } from '../components/ui/InlineLink';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';

const CARDS = [
  ['Why Monitor', 'MCP decides which platforms AI agents can use directly. Measuring adoption shows how fast the web is becoming usable by models, and where it is not.'],
  ['What It Enables', 'Developers find platforms to integrate, researchers follow adoption over time, and platform teams compare themselves with their industry.'],
  ['Our Mission', 'An open, neutral and verifiable record of Model Context Protocol adoption, available to people and to agents alike.'],
] as const;

const HOW = [
  'Thousands of platforms monitored across industries',
  'Daily endpoint health checks of every monitored platform',
  'Discovery documents, common endpoint paths and mcp. subdomains probed',
  'Tools, resources and prompts listed as announced; tools are never called',
];

const SOURCES = [
  'Automated scanning of discovery endpoints',
  'Analysis of capability announcements',
  'Tool and resource enumeration',
  'Protocol version tracking',
  'Community-contributed discoveries',
  'Public registry tracking',
  'Open source analysis',
];

function BulletList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card as="section">
      <CardTitle>{title}</CardTitle>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Card>
  );
}

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <div className="space-y-8">
      <PageHeader title="About">
        {PRODUCT_NAME} tracks Model Context Protocol adoption across enterprise platforms: which of them expose MCP servers, and what those
        servers offer.
      </PageHeader>
      <div className="grid gap-4 md:grid-cols-3">
        {CARDS.map(([title, text]) => (
          <Card key={title}>
            <CardTitle>{title}</CardTitle>
            <p className="mt-2 text-sm text-muted">{text}</p>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <BulletList title="How We Monitor" items={HOW} />
        <BulletList title="Data Sources" items={SOURCES} />
      </div>
      <ScannerDetails />
      <OptOutSection />
      <Card as="section" className="space-y-2">
        <CardTitle>Privacy, terms and contact</CardTitle>
        <p className="text-sm text-muted">
          Browsing needs no account and sets no tracking cookies. E-mail addresses given for reports or contributions are used only for
          that purpose. Scan data is provided as-is, without warranty. To reach us, or to add or correct a platform, use the{' '}
          <InlineLink href="/contribute">Contribute</InlineLink>{' '}
          page.
        </p>
      </Card>
      <p className="text-center text-slate-700 dark:text-slate-300">
        The web is becoming model-consumable: services describe themselves so that AI agents can use them safely and directly.{' '}
        {PRODUCT_NAME} measures that shift as it happens.
      </p>
    </div>
  );
}
