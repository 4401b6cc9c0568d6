import { SEVERITY_RULE_TEXTS } from '@mcp-census/schemas/safe-mcp-severity-rules';
import { EXPOSURE_SEVERITY, TOOL_CAPABILITY_RULES } from '@mcp-census/schemas/tool-capability-rules';

/** SAFE-T1005's tool-capability table: the same rows the detector evaluates, first match wins. */
function CapabilityTable() {
  return (
    <ol className="mt-1 list-decimal space-y-0.5 pl-6 text-xs text-muted" aria-label="Tool capability rules">
      {TOOL_CAPABILITY_RULES.map((r) => (
        <li key={r.id}>
          <span className="font-mono">{r.id}</span> — {r.capability} ({EXPOSURE_SEVERITY[r.capability]}): {r.text}
        </li>
      ))}
    </ol>
  );
}

/** How each finding's severity is decided: the detectors' rules, in words. */
export function SeverityRules() {
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-5 text-sm dark:border-slate-800 dark:bg-slate-900">
      <summary className="cursor-pointer font-semibold text-slate-900 dark:text-slate-100">How severity is decided</summary>
      <p className="mt-2 text-muted">
        Each server is counted once per technique, at the most severe of its findings. The rules read only what a server publishes;
        they are heuristics and can be wrong.
      </p>
      <ul className="mt-3 space-y-2">
        {SEVERITY_RULE_TEXTS.map((r) => (
          <li key={r.techniqueId} className="text-slate-700 dark:text-slate-300">
            <span className="font-mono text-xs text-muted">{r.techniqueId}</span> {r.rule}
            {r.techniqueId === 'SAFE-T1005' && <CapabilityTable />}
          </li>
        ))}
      </ul>
    </details>
  );
}
