import { siteOrigin } from '../../lib/origin';
import { CodeBlock } from '../ui/CodeBlock';

export function UsageExamplesTab() {
  const o = siteOrigin();
  const examples: ReadonlyArray<readonly [string, string]> = [
    ['Discover the server', `curl ${o}/.well-known/mcp.json`],
    ['List resources and tools', `curl ${o}/mcp/resources\ncurl ${o}/mcp/tools`],
    ['Read the headline metrics', `curl ${o}/api/metrics`],
    ['MCP-enabled development platforms, 20 per page', `curl "${o}/api/websites?category=Development&hasMcp=true&limit=20"`],
    ['Tool categories', `curl ${o}/api/tool-categories`],
    [
      'Call a tool',
      `curl -X POST ${o}/mcp/tools/query_adoption_metrics \\\n  -H "Content-Type: application/json" \\\n  -d '{"metric_type": "adoption_rate", "time_range": "30d"}'`,
    ],
  ];
  return (
    <div className="space-y-5">
      {examples.map(([title, code]) => (
        <section key={title} className="space-y-2">
          <h2 className="font-semibold">{title}</h2>
          <CodeBlock code={code} name={title} />
        </section>
      ))}
    </div>
  );
}
