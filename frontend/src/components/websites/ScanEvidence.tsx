import { errorClassMessage, evidenceExplanation, evidenceShortLabel } from '@mcp-census/schemas/scan-display';
import { Badge } from '../ui/Badge';

interface EvidenceScan {
  evidence?: string | null | undefined;
  errorClass: string | null;
  authRequired: boolean;
}

/**
 * Why the scan counts the site as MCP (or what stopped it), in plain words:
 * the evidence level, "Authentication required" for an auth wall, and the
 * failure class (a 'forbidden' 403 is a refusal, never an auth challenge).
 */
export function ScanEvidence({ scan }: { scan: EvidenceScan }) {
  const short = evidenceShortLabel(scan.evidence);
  const explanation = evidenceExplanation(scan.evidence);
  const failure = errorClassMessage(scan.errorClass);
  if (!short && !scan.authRequired && !failure) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="scan-evidence">
      {short && (
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="green">Evidence: {short}</Badge>
          <span className="text-muted">{explanation}</span>
        </p>
      )}
      {scan.authRequired && <p className="text-caution">Authentication required: the server's lists cannot be read without credentials.</p>}
      {failure && (
        <p className={scan.errorClass === 'forbidden' ? 'text-negative' : 'text-muted'}>
          <span className="font-medium">Outcome: </span>
          {failure}
        </p>
      )}
    </div>
  );
}
