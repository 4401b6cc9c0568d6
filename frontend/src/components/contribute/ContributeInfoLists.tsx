import { Link } from 'wouter';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';

const ENDPOINT_PATHS = ['/api/mcp', '/mcp/capabilities', '/.well-known/mcp.json', '/api/mcp/tools', '/api/mcp/resources', '/api/mcp/prompts'];
const CONFIG_PATHS = ['/mcp.json', '/mcp.yaml', '/llms.txt', '/mcp-config.json', '/model-context-protocol.json'];
const DETECTION_METHODS = [
  'Discovery documents under /.well-known/',
  'Common MCP endpoint paths and the mcp. subdomain',
  'Both protocol eras: streamable HTTP and the older SSE transport',
  'Capability announcement: tools, resources and prompts listed, never called',
];
const NEXT_STEPS = [
  ['Verification', 'We check that your endpoint answers as an MCP server.'],
  ['Review', 'Registrations and suggestions are reviewed before they shape the scans.'],
  ['Monitoring', 'Your platform joins the regular scans and appears on the dashboard.'],
] as const;

function PathList({ title, paths }: { title: string; paths: readonly string[] }) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <ul className="mt-2 space-y-1">
        {paths.map((path) => (
          <li key={path}>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">{path}</code>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function ContributeInfoLists() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <PathList title="Standard MCP endpoint paths" paths={ENDPOINT_PATHS} />
      <PathList title="Configuration file paths" paths={CONFIG_PATHS} />
      <Card>
        <CardTitle>How we detect MCP</CardTitle>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
          {DETECTION_METHODS.map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
      </Card>
      <Card>
        <CardTitle>What happens next</CardTitle>
        <ol className="mt-2 space-y-2 text-sm">
          {NEXT_STEPS.map(([step, text], i) => (
            <li key={step}>
              <span className="font-medium">
                {i + 1}. {step}:
              </span>{' '}
              <span className="text-muted">{text}</span>
            </li>
          ))}
        </ol>
        <Link href="/developer-resources" className="mt-3 inline-block text-sm font-medium text-link hover:underline">
          Developer resources →
        </Link>
      </Card>
    </div>
  );
}
