import type { SiteFinding } from '@mcp-census/schemas/api/site-findings';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { FindingEvidence } from './FindingEvidence';

/** The website page's SAFE-MCP findings, most severe first, each with its evidence. */
export function SiteFindings({ findings }: { findings: readonly SiteFinding[] }) {
  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Security Findings</CardTitle>
      <p className="text-sm text-muted">
        Experimental: pattern rules over what the server publishes (SAFE-MCP). They have known false positives and say nothing about what a
        tool does when called.
      </p>
      {findings.length === 0 ? (
        <p className="text-sm text-muted">No vulnerabilities detected yet</p>
      ) : (
        <div className="space-y-3">
          {findings.map((f, i) => (
            <FindingEvidence key={`${f.techniqueId}-${i}`} finding={f} />
          ))}
        </div>
      )}
    </Card>
  );
}
