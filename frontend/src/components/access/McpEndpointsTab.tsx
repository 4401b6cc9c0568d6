import { ACCESS_ENDPOINTS } from '../../lib/public-endpoints';
import { siteOrigin } from '../../lib/origin';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CopyButton } from '../ui/CopyButton';

export function McpEndpointsTab() {
  const origin = siteOrigin();
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        All endpoints are public, read-only and answer JSON. No key is needed; please keep request rates modest.
      </p>
      <ul className="space-y-3">
        {ACCESS_ENDPOINTS.map((endpoint) => (
          <Card as="li" key={endpoint.path} className="flex items-start gap-3">
            <Badge tone="green">{endpoint.method}</Badge>
            <div className="min-w-0 flex-1">
              <code className="break-all font-mono text-sm font-semibold">{endpoint.path}</code>
              <p className="mt-1 text-sm text-muted">{endpoint.description}</p>
            </div>
            <CopyButton text={`${origin}${endpoint.path}`} label="Copy address" />
          </Card>
        ))}
      </ul>
    </div>
  );
}
