import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { AdminScanLogLine, AdminStatus } from '@mcp-census/schemas/api/admin';
import { adminEventSchemas, REALTIME_NAMESPACES, SOCKET_IO_PATH, type AdminClientToServerEvents, type AdminServerToClientEvents } from '@mcp-census/schemas/realtime';
import { ApiError } from '../../lib/api-client';
import { fetchAdminStatus } from '../../lib/admin-api';

/** Spec section 9: admin status every 5 s; here only while the socket (which pushes it) is down. */
const STATUS_POLL_MS = 5_000;
/** Streamed log lines kept on screen. */
const MAX_LOG_LINES = 200;

type AdminSocket = Socket<AdminServerToClientEvents, AdminClientToServerEvents>;

const lineKey = (line: AdminScanLogLine) => `${line.timestamp}|${line.level}|${line.message}`;

/**
 * Admin status and the live scan log over the session-authenticated `/admin`
 * socket, with REST polling while it is down. A 401 means the session ended.
 */
export function useAdminFeed(onSessionEnded: () => void) {
  const [status, setStatus] = useState<AdminStatus | undefined>();
  const [streamed, setStreamed] = useState<AdminScanLogLine[]>([]);
  const [connected, setConnected] = useState(false);
  const socketRef = useRef<AdminSocket | undefined>(undefined);
  const ended = useRef(onSessionEnded);
  // The latest callback, for answers that arrive later; written after render, before any effect polls.
  useLayoutEffect(() => {
    ended.current = onSessionEnded;
  }, [onSessionEnded]);

  // Written as a promise chain (the React docs' fetch-in-effect shape): the state is set in the
  // answer's callback, never synchronously in the effect that starts the poll.
  const poll = useCallback(
    () =>
      fetchAdminStatus().then(
        (next) => setStatus(next),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 401) ended.current();
          else console.error('admin status', err);
        },
      ),
    [],
  );

  useEffect(() => {
    // Its own connection (forceNew): the handshake must carry the session cookie set at login,
    // which a connection shared with `/live` and opened before login would not have.
    const socket: AdminSocket = io(REALTIME_NAMESPACES.admin, { path: SOCKET_IO_PATH, forceNew: true, withCredentials: true });
    socketRef.current = socket;
    socket.on('connect', () => {
      setConnected(true);
      socket.emit('subscribe-logs', { enabled: true });
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('connect_error', () => setConnected(false));
    socket.on('status', (raw) => {
      const parsed = adminEventSchemas.status.safeParse(raw);
      if (parsed.success) setStatus(parsed.data);
    });
    socket.on('scan-log', (raw) => {
      const parsed = adminEventSchemas['scan-log'].safeParse(raw);
      if (parsed.success) setStreamed((lines) => [parsed.data, ...lines].slice(0, MAX_LOG_LINES));
    });
    return () => {
      socket.close();
      socketRef.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (connected) return;
    void poll();
    const timer = setInterval(() => void poll(), STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [connected, poll]);

  /** After pause/resume: ask for a fresh status at once instead of waiting for the next push. */
  const refresh = useCallback(() => {
    const socket = socketRef.current;
    if (socket?.connected) socket.emit('refresh-status');
    else void poll();
  }, [poll]);

  // Newest first: the streamed lines, then the snapshot's, without duplicates.
  const seen = new Set<string>();
  const logs = [...streamed, ...(status?.scanLogs ?? []).slice().sort((a, b) => b.timestamp.localeCompare(a.timestamp))].filter((line) => {
    const key = lineKey(line);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  return { status, logs: logs.slice(0, MAX_LOG_LINES), connected, refresh };
}
