import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, eventEnvelopeSchema, type EventEnvelope, type EventType } from '@mcp-census/schemas';
import type { z } from 'zod';

export type PayloadOf<T extends EventType> = z.infer<(typeof EVENT_TYPES)[T]['payload']>;

export interface TypedEnvelope<T extends EventType> extends Omit<EventEnvelope, 'payload' | 'type'> {
  type: T;
  payload: PayloadOf<T>;
}

/** Builds a validated envelope; a payload that does not match its schema never leaves the process. */
export function buildEnvelope<T extends EventType>(
  type: T,
  key: string,
  payload: PayloadOf<T>,
  producer: string,
  now: Date = new Date(),
): TypedEnvelope<T> {
  const spec = EVENT_TYPES[type];
  const parsed = spec.payload.parse(payload) as PayloadOf<T>;
  return { eventId: randomUUID(), type, schemaVersion: spec.schemaVersion, occurredAt: now.toISOString(), producer, key, payload: parsed };
}

export type ParseOutcome<T extends EventType> = { ok: true; event: TypedEnvelope<T> } | { ok: false; reason: string };

/** Parses a message value as an envelope of the expected type; never throws. */
export function parseEnvelope<T extends EventType>(type: T, value: Buffer | null): ParseOutcome<T> {
  if (!value) return { ok: false, reason: 'empty message value' };
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch (err) {
    return { ok: false, reason: `value is not JSON: ${(err as Error).message}` };
  }
  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) return { ok: false, reason: `invalid envelope: ${summarizeIssues(envelope.error)}` };
  if (envelope.data.type !== type) return { ok: false, reason: `unexpected event type ${envelope.data.type}` };
  const spec = EVENT_TYPES[type];
  if (envelope.data.schemaVersion !== spec.schemaVersion) return { ok: false, reason: `unsupported schemaVersion ${envelope.data.schemaVersion}` };
  const payload = spec.payload.safeParse(envelope.data.payload);
  if (!payload.success) return { ok: false, reason: `invalid ${type} payload: ${summarizeIssues(payload.error)}` };
  return { ok: true, event: { ...envelope.data, type, payload: payload.data as PayloadOf<T> } };
}

function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ')
    .slice(0, 500);
}
