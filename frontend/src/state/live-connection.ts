import type { QueryClient } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { io, type Socket } from 'socket.io-client';
import {
  liveEventSchemas,
  REALTIME_NAMESPACES,
  SOCKET_IO_PATH,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
} from '@mcp-census/schemas/realtime';
import { takeSeededFigures } from './first-figures';
import { liveConnectedAtom } from './live-status';
import { metricsPushes, queryKeys, scanProgressPushes } from './query-options';

/**
 * The `/live` socket feeds the cached snapshots: metrics and progress pushes
 * are merged in (when newer), websites-changed invalidates what changed. A seq
 * gap, a reconnect or a new server id means events were missed: invalidate
 * everything. The scanner state (`scan-state`, with scanningActive) is merged
 * into the scan progress like the progress pushes. Data the socket does not
 * carry (industry, trends, the scanner's network state) is refreshed after
 * events, at most as often as its polling interval.
 */

/** Website lists are invalidated at most this often while scans stream in. */
const WEBSITE_LIST_REFRESH_MS = 10_000;
/** A last refresh after the events stop, for what the events do not carry. */
const QUIET_REFRESH_MS = 31_000;

type LiveSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

const store = getDefaultStore();
let socket: LiveSocket | undefined;
let users = 0;
let lastSeq: number | undefined;
let serverId: string | undefined;
let hadConnection = false;
let lastListRefresh = 0;
let listTimer: ReturnType<typeof setTimeout> | undefined;
let quietTimer: ReturnType<typeof setTimeout> | undefined;

const invalidateAll = (client: QueryClient) => void client.invalidateQueries();

/** Refetches shown queries whose snapshot is older than their polling interval. */
function refreshStale(client: QueryClient): void {
  const now = Date.now();
  void client.refetchQueries(
    {
      type: 'active',
      predicate: (query) => {
        const refetchMs = query.meta?.refetchMs;
        return refetchMs !== undefined && now - query.state.dataUpdatedAt >= refetchMs;
      },
    },
    // Join a fetch already under way rather than restarting it.
    { cancelRefetch: false },
  );
}

function afterEvent(client: QueryClient, seq: number): void {
  if (lastSeq !== undefined && seq !== lastSeq + 1) invalidateAll(client);
  lastSeq = seq;
  refreshStale(client);
  clearTimeout(quietTimer);
  quietTimer = setTimeout(() => refreshStale(client), QUIET_REFRESH_MS);
}

function refreshWebsiteLists(client: QueryClient): void {
  const wait = lastListRefresh + WEBSITE_LIST_REFRESH_MS - Date.now();
  if (wait <= 0) {
    lastListRefresh = Date.now();
    void client.invalidateQueries({ queryKey: queryKeys.websiteLists });
  } else {
    listTimer ??= setTimeout(() => {
      listTimer = undefined;
      refreshWebsiteLists(client);
    }, wait);
  }
}

function connect(client: QueryClient): LiveSocket {
  const live: LiveSocket = io(REALTIME_NAMESPACES.live, { path: SOCKET_IO_PATH });
  live.on('connect', () => store.set(liveConnectedAtom, true));
  live.on('disconnect', () => store.set(liveConnectedAtom, false));
  live.on('hello', (raw) => {
    const hello = liveEventSchemas.hello.safeParse(raw);
    if (!hello.success) return;
    const otherServer = serverId !== undefined && serverId !== hello.data.serverId;
    if (otherServer) {
      // Its seq numbers are unrelated to the ones applied so far.
      metricsPushes.forget(client);
      scanProgressPushes.forget(client);
    }
    // Figures the page brought were read before this socket: a change pushed in between is read now.
    const seededFigures = takeSeededFigures(client);
    // Events may have been missed while disconnected or when talking to another server.
    if (hadConnection || otherServer) invalidateAll(client);
    else if (seededFigures) void client.invalidateQueries({ queryKey: queryKeys.metrics });
    hadConnection = true;
    serverId = hello.data.serverId;
    lastSeq = hello.data.seq;
  });
  live.on('metrics', (raw) => {
    const event = liveEventSchemas.metrics.safeParse(raw);
    if (!event.success) return invalidateAll(client);
    // The push has no weekly growth: the snapshot keeps its age, so REST still refreshes that every 5 min.
    metricsPushes.apply(client, event.data.seq, event.data.metrics);
    afterEvent(client, event.data.seq);
  });
  live.on('progress', (raw) => {
    const event = liveEventSchemas.progress.safeParse(raw);
    if (!event.success) return invalidateAll(client);
    // The scanner's network state only comes from REST, so the snapshot keeps its age and is re-read on schedule.
    scanProgressPushes.apply(client, event.data.seq, event.data.progress);
    afterEvent(client, event.data.seq);
  });
  live.on('scan-state', (raw) => {
    const event = liveEventSchemas['scan-state'].safeParse(raw);
    if (!event.success) return invalidateAll(client);
    // Scanning now, Running, Paused or Idle, seconds after the change instead of at the next 30 s poll.
    scanProgressPushes.apply(client, event.data.seq, event.data.scan);
    afterEvent(client, event.data.seq);
  });
  live.on('websites-changed', (raw) => {
    const event = liveEventSchemas['websites-changed'].safeParse(raw);
    if (!event.success) return invalidateAll(client);
    refreshWebsiteLists(client);
    if (event.data.truncated) void client.invalidateQueries({ queryKey: queryKeys.websiteDetails });
    else for (const id of event.data.ids) void client.invalidateQueries({ queryKey: queryKeys.websiteDetail(id) });
    afterEvent(client, event.data.seq);
  });
  return live;
}

/** Opens the shared socket, feeding `client`, for the first user and closes it after the last one. */
export function acquireLiveConnection(client: QueryClient): () => void {
  users += 1;
  socket ??= connect(client);
  return () => {
    users -= 1;
    if (users > 0 || !socket) return;
    socket.close();
    socket = undefined;
    hadConnection = false;
    clearTimeout(listTimer);
    listTimer = undefined;
    clearTimeout(quietTimer);
    store.set(liveConnectedAtom, false);
  };
}
