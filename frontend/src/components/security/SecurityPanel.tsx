import { useSecurityAnalytics } from '../../state/queries';
import { Skeleton } from '../ui/Skeleton';
import { SafeMcpAbout } from './SafeMcpAbout';
import { SeverityRules } from './SeverityRules';
import { SeverityTotals } from './SeverityTotals';
import { TacticBreakdown } from './TacticBreakdown';
import { TopVulnerabilities } from './TopVulnerabilities';

function ExperimentalNotice() {
  return (
    <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
      <p className="font-semibold">Experimental feature</p>
      <p className="mt-1">
        These findings come from heuristic rules applied to what each MCP server announces (tool, resource and prompt names,
        descriptions and schemas). The rules can be wrong in both directions: a finding is a lead to check, not proof of a vulnerability,
        and a server without findings is not proven safe.
      </p>
    </div>
  );
}

/** The security view shared by /analysis, /access and /trends. */
export function SecurityPanel() {
  const { data, loading } = useSecurityAnalytics();
  return (
    <div className="space-y-6">
      <ExperimentalNotice />
      {loading && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading security data">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      )}
      {!loading && !data && <p className="py-6 text-center text-muted">No security data available</p>}
      {data && (
        <>
          <SeverityTotals analytics={data} />
          {data.totalVulnerabilities === 0 ? (
            <p className="py-6 text-center text-muted">No vulnerabilities detected yet</p>
          ) : (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <TacticBreakdown tactics={data.byTactic} />
              <TopVulnerabilities items={data.topVulnerabilities} />
            </div>
          )}
        </>
      )}
      <SeverityRules />
      <SafeMcpAbout />
    </div>
  );
}
