import { createHash } from 'node:crypto';
import type { Message } from 'kafkajs';
import { EVENT_TYPES, type ScanResult } from '@mcp-census/schemas';
import type { PayloadOf, TypedEnvelope } from '../../kafka/envelope';
import { toMessage } from '../../kafka/event-publisher';
import type { PlannedScan } from './history-plan';
import { historyScanResult } from './history-result';

/** The envelope's producer of every simulated-history event: the scanner never uses it. */
export const SIMULATED_HISTORY_PRODUCER = 'simulated-history';
/** Kafka header on every simulated-history message; projectors ignore headers, people and tools reading the topic see it. */
export const SIMULATED_HISTORY_HEADER = 'simulated-history';

/** UUID namespace of simulated-history event ids (RFC 9562 v5, name-based). */
const NAMESPACE = Buffer.from('3b0f6c2e8d4a4e7f9a1c5d2b7e6f8a90', 'hex');

/**
 * The event id of one historical scan: the same site, seed and scan time give
 * the same id at every replay, so a replay resumed after a crash, or run
 * twice, adds nothing the projectors have not already counted.
 */
export function historyEventId(seed: number, websiteId: number, at: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${seed}|${websiteId}|${at}`).digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x50;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The catalogue row a planned scan belongs to. */
export interface HistorySiteRow {
  websiteId: number;
  url: string;
}

/**
 * The scan.completed event the scanner would have published, dated at the
 * scan: the payload is validated like any published event's, and it belongs
 * to no batch (no scheduler batch ever asked for it). `live`: today's live
 * scan of the site, whose items the history lists (see historyScanResult).
 */
export function historyEnvelope(scan: PlannedScan, row: HistorySiteRow, seed: number, live?: ScanResult): TypedEnvelope<'scan.completed'> {
  const spec = EVENT_TYPES['scan.completed'];
  const scanTime = new Date(scan.at).toISOString();
  const payload: PayloadOf<'scan.completed'> = spec.payload.parse({
    websiteId: row.websiteId,
    url: row.url,
    batchId: null,
    scanTime,
    result: historyScanResult(scan.site, scan.state, scan.at, live),
  });
  return {
    eventId: historyEventId(seed, row.websiteId, scan.at),
    type: 'scan.completed',
    schemaVersion: spec.schemaVersion,
    occurredAt: scanTime,
    producer: SIMULATED_HISTORY_PRODUCER,
    key: String(row.websiteId),
    payload,
  };
}

/** The Kafka message of a historical event: the scanner's message plus the simulated-history header. */
export function historyMessage(envelope: TypedEnvelope<'scan.completed'>): Message {
  const message = toMessage(envelope);
  return { ...message, headers: { ...message.headers, [SIMULATED_HISTORY_HEADER]: 'true' } };
}
