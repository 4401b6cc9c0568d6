/** Only http(s) addresses become links: scanned data could carry `javascript:` or other schemes. */
export function safeHttpUrl(raw: string | null | undefined, base?: string): string | undefined {
  if (!raw) return undefined;
  try {
    const url = base ? new URL(raw, base) : new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
