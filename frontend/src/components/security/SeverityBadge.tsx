import type { Severity } from '@mcp-census/schemas/safe-mcp';
import { Badge } from '../ui/Badge';

const TONE = { critical: 'red', high: 'orange', medium: 'amber', low: 'slate' } as const;

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge tone={TONE[severity]}>{severity}</Badge>;
}
