import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { liveEventSchemas, REALTIME_NAMESPACES, SOCKET_IO_PATH, type LiveClientToServerEvents, type LiveServerToClientEvents } from '@mcp-census/schemas/realtime';
import type { Change } from '@mcp-census/schemas/api/changes';

export interface LiveChangesHandlers {
  /** New changes, newest first, in order and complete. */
  onChanges(changes: Change[]): void;
  /** Pushes were missed (a gap, a cut list, a reconnect or another server): re-read the list. */
  onMissed(): void;
}

/**
 * Follows `changes` on `/live` while the page is shown, on a socket of its own
 * (the app's shared socket does not carry them to components). Numbered by
 * changesSeq from the hello: a gap or `truncated` means re-read.
 */
export function useLiveChanges(handlers: LiveChangesHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const socket: Socket<LiveServerToClientEvents, LiveClientToServerEvents> = io(REALTIME_NAMESPACES.live, { path: SOCKET_IO_PATH });
    let seq: number | undefined;
    let serverId: string | undefined;
    let hellos = 0;
    socket.on('hello', (raw) => {
      const hello = liveEventSchemas.hello.safeParse(raw);
      if (!hello.success) return;
      // a second hello is a reconnect: pushes may have been missed meanwhile
      if (hellos > 0 || (serverId !== undefined && serverId !== hello.data.serverId)) latest.current.onMissed();
      hellos += 1;
      serverId = hello.data.serverId;
      seq = hello.data.changesSeq;
    });
    socket.on('changes', (raw) => {
      const event = liveEventSchemas.changes.safeParse(raw);
      if (!event.success) return latest.current.onMissed();
      const inOrder = seq !== undefined && event.data.changesSeq === seq + 1;
      seq = event.data.changesSeq;
      if (!inOrder || event.data.truncated) latest.current.onMissed();
      else latest.current.onChanges(event.data.changes);
    });
    return () => {
      socket.close();
    };
  }, []);
}
