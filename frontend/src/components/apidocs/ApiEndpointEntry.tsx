import type { DocumentedEndpoint } from '../../lib/api-docs-content';
import { siteOrigin } from '../../lib/origin';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CodeBlock } from '../ui/CodeBlock';
import { CopyButton } from '../ui/CopyButton';

/** One endpoint: method, path with a copy button for the full address, and a collapsible sample answer. */
export function ApiEndpointEntry({ endpoint }: { endpoint: DocumentedEndpoint }) {
  const address = `${siteOrigin()}${endpoint.path}`;
  return (
    <Card as="li" className="space-y-3">
      <div className="flex items-start gap-3">
        <Badge tone={endpoint.method === 'GET' ? 'green' : 'indigo'}>{endpoint.method}</Badge>
        <div className="min-w-0 flex-1">
          <code className="break-all font-mono text-sm font-semibold">{endpoint.path}</code>
          <p className="mt-1 text-sm text-muted">{endpoint.description}</p>
        </div>
        <CopyButton text={address} label="Copy address" />
      </div>
      {endpoint.body && <CodeBlock code={endpoint.body} label="Request body" name={`${endpoint.method} ${endpoint.path} request body`} />}
      <details className="group rounded-lg border border-slate-200 dark:border-slate-800">
        <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-slate-700 dark:text-slate-300">Sample response</summary>
        <div className="p-2">
          <CodeBlock code={endpoint.sample} name={`${endpoint.method} ${endpoint.path} sample response`} />
        </div>
      </details>
    </Card>
  );
}
