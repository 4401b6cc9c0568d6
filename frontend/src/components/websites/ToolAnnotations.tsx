import { toolAnnotationBadges } from '@mcp-census/schemas/scan-display';
import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import { Badge } from '../ui/Badge';

type Annotations = NonNullable<WebsiteDetailResponse['latestScan']>['tools'][number]['annotations'];

const TONE = { destructive: 'red', 'read-only': 'green' } as const;

/** A tool's annotation hints as badges (only what the server stated), then its annotation title. Hints are the server's claims, not verified. */
export function ToolAnnotationBadges({ annotations, toolName }: { annotations: Annotations; toolName: string }) {
  const badges = toolAnnotationBadges(annotations);
  const title = annotations?.title && annotations.title !== toolName ? annotations.title : null;
  if (badges.length === 0 && !title) return null;
  return (
    <>
      {title && <span className="break-words text-sm text-slate-700 dark:text-slate-300">{title}</span>}
      {badges.map((b) => (
        <Badge key={b} tone={b in TONE ? TONE[b as keyof typeof TONE] : 'slate'}>
          {b}
        </Badge>
      ))}
    </>
  );
}
