import { siteOrigin } from '../../lib/origin';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CopyButton } from '../ui/CopyButton';
import type { ReferenceOperation } from './openapi-reference';
import { ParameterTable } from './ParameterTable';

const METHOD_TONES = { GET: 'green', POST: 'indigo', PUT: 'amber', DELETE: 'red' } as const;
const tone = (method: string) => METHOD_TONES[method as keyof typeof METHOD_TONES] ?? 'slate';

/** One operation of the OpenAPI document: method, path (copyable address), summary, parameters, body and responses. */
export function OperationEntry({ operation }: { operation: ReferenceOperation }) {
  const { method, path } = operation;
  return (
    <Card as="li" className="space-y-3">
      <div className="flex items-start gap-3">
        <Badge tone={tone(method)}>{method}</Badge>
        <div className="min-w-0 flex-1">
          <code className="break-all font-mono text-sm font-semibold">{path}</code>
          <p className="mt-1 text-sm text-muted">
            {operation.summary}
            {operation.admin && <span className="ml-2 text-xs font-medium text-amber-800 dark:text-amber-300">Admin session required</span>}
          </p>
        </div>
        <CopyButton text={`${siteOrigin()}${path}`} label="Copy address" />
      </div>
      {operation.parameters.length > 0 && <ParameterTable parameters={operation.parameters} caption={`Parameters of ${method} ${path}`} />}
      {operation.requestBody && (
        <p className="text-sm">
          <span className="font-medium">Request body</span> ({operation.requestBody.mediaType}
          {operation.requestBody.required ? '' : ', optional'}): <code className="font-mono text-xs">{operation.requestBody.schema}</code>
        </p>
      )}
      <div className="text-sm">
        <p className="font-medium">Responses</p>
        <ul className="mt-1 space-y-0.5">
          {operation.responses.map((r) => (
            <li key={r.status}>
              <code className="font-mono text-xs font-semibold">{r.status}</code> {r.description}
              {r.bodies.map((b) => (
                <span key={b.mediaType} className="text-muted">
                  {' '}
                  · {b.mediaType}: <code className="font-mono text-xs">{b.schema}</code>
                </span>
              ))}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
