import { siteOrigin } from '../../lib/origin';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { CodeBlock } from '../ui/CodeBlock';

const REQUESTS = [
  'Discovery documents under /.well-known, such as /.well-known/mcp/server-card.json, /.well-known/mcp.json and /.well-known/oauth-protected-resource',
  'A few common MCP paths such as /mcp, /api/mcp and /sse, on the site and on its mcp. subdomain',
  'Read-only MCP calls: initialize (or server/discover) and the list calls (tools/list, resources/list, prompts/list) — never a tool call',
  'A CORS preflight (OPTIONS) of an endpoint it found, to see whether browsers may reach it',
];

/** What MCPCensusBot requests, how often, and under which User-Agent. */
export function ScannerDetails() {
  const userAgent = `MCPCensusBot/0.1 (+${siteOrigin()}/about; MCP adoption research)`;
  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Our scanner</CardTitle>
      <p className="text-sm text-muted">
        Requests come from the MCPCensusBot user agent. It reads public discovery documents and MCP listings only, never calls a tool,
        never sends credentials, and limits its time and traffic per site.
      </p>
      <div>
        <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">What it requests</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted">
          {REQUESTS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">How often</h3>
        <p className="mt-1 text-sm text-muted">
          Each monitored site is scanned once per scan interval: every 24 hours by default (a deployment sets it with SCAN_INTERVAL_HOURS).
        </p>
      </div>
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">User-Agent</h3>
        <CodeBlock code={userAgent} />
      </div>
    </Card>
  );
}
