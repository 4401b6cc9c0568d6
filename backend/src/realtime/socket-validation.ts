import type { RealtimeAck } from '@mcp-census/schemas';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type { Logger } from '@mcp-census/streams/platform/logger';

/**
 * Checks an outgoing payload against its schema; a payload that does not
 * match is a bug on our side: it is logged and not sent (clients rely on the contract).
 * Repeats of the same failure are logged once, so a 5 s timer cannot flood the log.
 */
export function outgoingValidator(log: Logger) {
  let lastFailure = '';
  return <S extends z.ZodType>(event: string, schema: S, payload: unknown): z.infer<S> | null => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    const failure = `not emitting ${event}: payload does not match its schema (${issues})`;
    if (failure !== lastFailure) log.error(failure);
    lastFailure = failure;
    return null;
  };
}

type Ack = (result: RealtimeAck<Record<string, unknown>>) => void;

/**
 * Registers a client→server event handler that never trusts the client: the
 * payload is validated (a bad one is answered `{ ok: false }`), a missing or
 * non-function ack is tolerated, and a failing handler is logged and answered,
 * never thrown into Socket.IO.
 */
export function onClientEvent<S extends z.ZodType>(
  socket: Socket,
  event: string,
  schema: S | null,
  handle: (payload: z.infer<S> | undefined, ack: Ack) => Promise<void> | void,
  log: Logger,
): void {
  socket.on(event, (...args: unknown[]) => {
    const last = args[args.length - 1];
    const ack: Ack = typeof last === 'function' ? (last as Ack) : () => undefined;
    if (typeof last === 'function') args.pop();
    let payload: z.infer<S> | undefined;
    if (schema) {
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) {
        ack({ ok: false, error: `Invalid ${event} payload` });
        return;
      }
      payload = parsed.data;
    }
    Promise.resolve()
      .then(() => handle(payload, ack))
      .catch((err: unknown) => {
        log.error({ err, namespace: socket.nsp.name, event }, 'client event handler failed');
        ack({ ok: false, error: 'Internal error' });
      });
  });
}
