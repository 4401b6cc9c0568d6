import { SAFE_MCP_TACTICS } from '@mcp-census/schemas/safe-mcp';

export const SAFE_MCP_REPOSITORY = 'https://github.com/SAFE-MCP/safe-mcp';

export function SafeMcpAbout() {
  return (
    <aside className="rounded-xl border border-indigo-200 bg-indigo-50 p-5 text-sm dark:border-indigo-900 dark:bg-indigo-950/40">
      <h2 className="font-semibold text-indigo-900 dark:text-indigo-200">About the SAFE-MCP framework</h2>
      <p className="mt-2 text-indigo-900/80 dark:text-indigo-200/80">
        SAFE-MCP is an open security framework for the Model Context Protocol, modelled on the MITRE ATT&amp;CK methodology. It groups
        attack techniques against MCP clients and servers into {SAFE_MCP_TACTICS.length} tactical categories, from Reconnaissance to
        Impact.
      </p>
      <a
        href={SAFE_MCP_REPOSITORY}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-block font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        SAFE-MCP on GitHub<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </aside>
  );
}
