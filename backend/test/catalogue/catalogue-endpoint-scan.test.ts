import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPublisher } from '@mcp-census/streams/kafka/event-publisher';
import { buildEnvelope, parseEnvelope } from '@mcp-census/streams/kafka/envelope';
import { enqueueBatch } from '@mcp-census/streams/scheduler/enqueue-batch';
import { parseCatalogueCsv } from '../../src/catalogue/catalogue-file';
import { importCatalogue } from '../../src/catalogue/import-catalogue';
import { csv, freshDatabase } from './helpers';

/** A publisher that keeps the scan.requested events, each checked against the event schema as a consumer would. */
function recordingPublisher(): EventPublisher & { requests: { websiteId: number; url: string; knownEndpoint?: string | null | undefined }[] } {
  const requests: { websiteId: number; url: string; knownEndpoint?: string | null | undefined }[] = [];
  return {
    requests,
    async publish(_topic, type, items) {
      const envelopes = items.map((item) => buildEnvelope(type, item.key, item.payload, 'test'));
      for (const envelope of envelopes) {
        const parsed = parseEnvelope('scan.requested', Buffer.from(JSON.stringify(envelope)));
        if (!parsed.ok) throw new Error(parsed.reason);
        requests.push(parsed.event.payload);
      }
      return envelopes;
    },
    disconnect: async () => undefined,
  };
}

describe('a catalogue endpoint reaches the scanner', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase('catalogue_endpoint_scan');
    pool = db.pool;
  });
  afterAll(() => db?.drop());

  it('sends a catalogue row’s mcp_endpoint as the knownEndpoint of its scan request; a registered endpoint wins', async () => {
    const parsed = parseCatalogueCsv(
      csv(
        'name,url,category,mcp_endpoint,source',
        'Documented,https://documented.example.com,Development,https://mcp.documented.example.com/mcp,https://documented.example.com/docs/mcp',
        'Plain,https://plain.example.com,Development,,',
        'Both,https://both.example.com,Development,https://mcp.both.example.com/sse,https://both.example.com/docs',
      ),
    );
    expect(await importCatalogue(pool, parsed)).toMatchObject({ inserted: 3, rejected: [] });
    // A verified registration named its own endpoint for one of them.
    await pool.query("UPDATE websites SET registered_endpoint = 'https://registered.both.example.com/mcp' WHERE host = 'both.example.com'");

    const publisher = recordingPublisher();
    const result = await enqueueBatch({ pool, publisher, reason: 'scheduled', size: 50, now: new Date('2026-03-01T00:00:00Z'), rescanIntervalMs: 86_400_000, requestTimeoutMs: 3_600_000 });
    expect(result).toMatchObject({ status: 'queued', siteCount: 3 });
    const byUrl = Object.fromEntries(publisher.requests.map((r) => [r.url, r.knownEndpoint ?? null]));
    expect(byUrl).toEqual({
      'https://documented.example.com/': 'https://mcp.documented.example.com/mcp',
      'https://plain.example.com/': null,
      'https://both.example.com/': 'https://registered.both.example.com/mcp',
    });
  });
});
