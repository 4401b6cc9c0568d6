import {
  adminEventSchemas,
  adminSubscribeLogsSchema,
  type AdminClientToServerEvents,
  type AdminScanLogLine,
  type AdminServerToClientEvents,
  type AdminStatus,
} from '@mcp-census/schemas';
import type { IncomingHttpHeaders } from 'node:http';
import type { Namespace } from 'socket.io';
import type { AdminSession } from '../auth/session-store';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { onClientEvent, outgoingValidator } from './socket-validation';

export type AdminNamespace = Namespace<AdminClientToServerEvents, AdminServerToClientEvents, Record<string, never>, { session: AdminSession }>;

export interface AdminSessionVerifier {
  verifyCookieHeader(cookieHeader: string | undefined): Promise<AdminSession | null>;
}

export interface AdminFeed {
  /** Streams new scan log lines to subscribed admin sockets. */
  publishLogLines(lines: AdminScanLogLine[]): void;
  /** Pushes a fresh status now (the scanner state changed) to connected admins, if any. */
  pushStatus(): void;
  close(): void;
}

/** The spec's admin status interval. */
export const ADMIN_STATUS_INTERVAL_MS = 5_000;
/** Lines streamed per consumer chunk; a bigger burst is summarised (the full log stays in Postgres). */
export const MAX_LOG_LINES_PER_CHUNK = 50;
const LOG_ROOM = 'scan-logs';

/** Browsers always send Origin; when present it must be this server (or an allowed public origin). */
function isSameOrigin(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  const origin = headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === headers.host || allowedOrigins.includes(url.origin);
  } catch {
    return false;
  }
}

/**
 * The session-authenticated `/admin` namespace: the handshake must carry a
 * live admin session cookie and come from our own origin. One timer for all
 * sockets pushes `status` every 5 s while anyone is connected, and re-checks
 * sessions so logged-out or expired admins are disconnected.
 */
export function setUpAdminNamespace(
  nsp: AdminNamespace,
  opts: {
    sessions: AdminSessionVerifier;
    readAdminStatus: () => Promise<AdminStatus>;
    log: Logger;
    allowedOrigins?: readonly string[];
    statusIntervalMs?: number;
  },
): AdminFeed {
  const { log } = opts;
  const validate = outgoingValidator(log);
  const sessionOf = (headers: IncomingHttpHeaders) => opts.sessions.verifyCookieHeader(headers.cookie);
  let timer: ReturnType<typeof setInterval> | undefined;
  let reading: Promise<AdminStatus | null> | undefined;
  let closed = false;

  nsp.use((socket, next) => {
    if (!isSameOrigin(socket.handshake.headers, opts.allowedOrigins ?? [])) {
      next(new Error('Cross-origin connections are not allowed'));
      return;
    }
    sessionOf(socket.handshake.headers).then(
      (session) => {
        if (!session) return next(new Error('Authentication required'));
        socket.data.session = session;
        next();
      },
      (err: Error) => {
        log.warn({ err }, '/admin handshake: cannot verify the session');
        next(new Error('Authentication unavailable'));
      },
    );
  });

  /** One status read at a time, shared by the timer, new sockets and refresh requests. */
  let lastReadError = '';
  const readStatus = (): Promise<AdminStatus | null> =>
    (reading ??= opts
      .readAdminStatus()
      .then((status) => {
        lastReadError = '';
        return validate('status', adminEventSchemas.status, status);
      })
      .catch((err: Error) => {
        // Logged once per distinct failure: an outage must not log every 5 s.
        if (err.message !== lastReadError) log.warn({ err }, 'reading admin status failed');
        lastReadError = err.message;
        return null;
      })
      .finally(() => {
        reading = undefined;
      }));

  let ticking = false;
  const tick = async () => {
    if (ticking) return; // a slow database must not pile up ticks
    ticking = true;
    try {
      // Sessions end on logout or expiry; their sockets must stop receiving.
      await Promise.all(
        [...nsp.sockets.values()].map(async (socket) => {
          const session = await sessionOf(socket.handshake.headers).catch(() => socket.data.session);
          if (!session) socket.disconnect(true);
        }),
      );
      if (nsp.sockets.size === 0) return;
      const status = await readStatus();
      if (status && !closed) nsp.emit('status', status);
    } finally {
      ticking = false;
    }
  };

  const stopTimerIfIdle = () => {
    if (nsp.sockets.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  nsp.on('connection', (socket) => {
    if (closed) {
      socket.disconnect(true);
      return;
    }
    timer ??= setInterval(() => void tick(), opts.statusIntervalMs ?? ADMIN_STATUS_INTERVAL_MS);
    socket.on('disconnect', stopTimerIfIdle);
    // Snapshot on join; the timer brings the updates.
    void readStatus().then((status) => {
      if (status && socket.connected) socket.emit('status', status);
    });

    onClientEvent(
      socket,
      'subscribe-logs',
      adminSubscribeLogsSchema,
      async (payload, ack) => {
        if (payload?.enabled) await socket.join(LOG_ROOM);
        else await socket.leave(LOG_ROOM);
        ack({ ok: true });
      },
      log,
    );
    onClientEvent(
      socket,
      'refresh-status',
      null,
      async (_payload, ack) => {
        const status = await readStatus();
        if (!status) return ack({ ok: false, error: 'Status unavailable' });
        if (socket.connected) socket.emit('status', status);
        ack({ ok: true, status });
      },
      log,
    );
  });

  return {
    publishLogLines(lines) {
      if (closed || lines.length === 0) return;
      const skipped = Math.max(0, lines.length - MAX_LOG_LINES_PER_CHUNK);
      const room = nsp.to(LOG_ROOM);
      if (skipped > 0) {
        const summary = validate('scan-log', adminEventSchemas['scan-log'], {
          timestamp: lines[skipped - 1]?.timestamp ?? new Date().toISOString(),
          level: 'warn',
          message: `${skipped} scan log lines not streamed (burst); they are in the scan log history`,
          details: null,
        });
        if (summary) room.emit('scan-log', summary);
      }
      for (const line of lines.slice(skipped)) {
        const valid = validate('scan-log', adminEventSchemas['scan-log'], line);
        if (valid) room.emit('scan-log', valid);
      }
    },
    pushStatus() {
      if (closed || nsp.sockets.size === 0) return;
      // A read under way may have started before the change: push from one that starts after it.
      void (reading ?? Promise.resolve())
        .then(() => readStatus())
        .then((status) => {
          if (status && !closed) nsp.emit('status', status);
        });
    },
    close() {
      closed = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
