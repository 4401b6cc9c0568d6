import { z } from 'zod';

const metricsSchema = z.object({ totalWebsites: z.number(), mcpEnabled: z.number() });
type Expected = z.infer<typeof metricsSchema>;

/**
 * Waits until the product's GET /api/metrics shows what was projected (its
 * answers are cached for a few seconds), so the sections after the
 * projection measure the full census; gives what it saw and whether it matched.
 */
export async function waitForProjectedMetrics(origin: string, expected: Expected, progress: (m: string) => void, timeoutMs = 120_000): Promise<{ expected: Expected; seen: Expected; pass: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = metricsSchema.parse(await (await fetch(`${origin}/api/metrics`)).json());
    const pass = seen.totalWebsites === expected.totalWebsites && seen.mcpEnabled === expected.mcpEnabled;
    if (pass || Date.now() > deadline) {
      progress(`metrics after the projection: ${JSON.stringify(seen)} (expected ${JSON.stringify(expected)})`);
      return { expected, seen, pass };
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
