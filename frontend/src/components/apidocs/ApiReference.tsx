import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Skeleton } from '../ui/Skeleton';
import { groupOperations } from './openapi-reference';
import { OPENAPI_PATH, openApiQuery } from './openapi-query';
import { OperationEntry } from './OperationEntry';

export const REFERENCE_LOAD_FAILED = 'Failed to load the API reference. The raw document may still be available.';

/** Every REST operation, rendered from the server's OpenAPI document and grouped by tag. */
export function ApiReference() {
  const { data, isPending, isError } = useQuery(openApiQuery);
  const groups = useMemo(() => (data ? groupOperations(data) : []), [data]);
  return (
    <section aria-labelledby="api-reference-heading" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="api-reference-heading" className="text-xl font-semibold">
          REST reference
        </h2>
        <a href={OPENAPI_PATH} className="text-sm font-medium text-link hover:underline">
          OpenAPI 3.1 document (JSON)
        </a>
      </div>
      {isPending && (
        <div className="space-y-3" role="status" aria-label="Loading the API reference">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
      {isError && <p role="alert" className="text-sm text-negative">{REFERENCE_LOAD_FAILED}</p>}
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`api-tag-${group.tag}`} className="space-y-3">
          <h3 id={`api-tag-${group.tag}`} className="text-lg font-semibold">
            {group.tag}
          </h3>
          {group.description && <p className="text-sm text-muted">{group.description}</p>}
          <ul className="space-y-4">
            {group.operations.map((operation) => (
              <OperationEntry key={operation.id} operation={operation} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
