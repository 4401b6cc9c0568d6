import type { ScanLogPayload, ScanResult } from '@mcp-census/schemas';

/** One operator-facing log line per scanned site. */
export function scanLogFor(url: string, result: ScanResult, at: Date): ScanLogPayload {
  const host = safeHost(url);
  const timestamp = at.toISOString();
  if (result.notScanned) {
    const n = result.notScanned;
    const message = n.reason === 'robots-txt' ? `Not scanned: robots.txt disallows ${n.path ?? '/'} (rule: ${n.rule})` : `Not scanned: robots.txt ${n.rule} does not fit the scan deadline`;
    return { timestamp, level: 'info', message: message.slice(0, 500), details: `${host} · ${result.requestCount} requests`.slice(0, 2000) };
  }
  if (result.hasMcp) {
    const counts = [countOf(result.tools.length, 'tool'), countOf(result.resources.length, 'resource'), countOf(result.prompts.length, 'prompt')].join(', ');
    return {
      timestamp,
      level: 'success',
      message: `MCP ${result.authRequired ? 'behind auth ' : ''}found on ${host}`.slice(0, 500),
      details: `${result.mcpEndpoint ?? ''} · ${result.transport ?? 'unknown transport'} · ${counts} · ${result.responseTime} ms`.slice(0, 2000),
    };
  }
  if (result.error && result.errorClass !== 'not-mcp') {
    return { timestamp, level: 'error', message: `Scan of ${host} failed`.slice(0, 500), details: result.error.slice(0, 2000) };
  }
  return { timestamp, level: 'info', message: `No MCP on ${host}`.slice(0, 500), details: `${result.requestCount} requests · ${result.responseTime} ms` };
}

/** "1 prompt", "3 prompts": operators read these lines. */
function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 200);
  }
}
