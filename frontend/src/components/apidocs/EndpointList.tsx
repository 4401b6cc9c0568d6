import type { DocumentedEndpoint } from '../../lib/api-docs-content';
import { ApiEndpointEntry } from './ApiEndpointEntry';

export function EndpointList({ endpoints }: { endpoints: readonly DocumentedEndpoint[] }) {
  return (
    <ul className="space-y-4">
      {endpoints.map((endpoint) => (
        <ApiEndpointEntry key={endpoint.path} endpoint={endpoint} />
      ))}
    </ul>
  );
}
