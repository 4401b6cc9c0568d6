import { io, type Socket } from 'socket.io-client';
import type { MetricsResponse } from '@mcp-census/schemas/api/websites';
import type { ScanProgressResponse } from '@mcp-census/schemas/api/scan';
import {
  liveEventSchemas,
  REALTIME_NAMESPACES,
  SOCKET_IO_PATH,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
} from '@mcp-census/schemas/realtime';
import { liveConnectedAtom } from './live-status';
import { METRICS_KEY, SCAN_PROGRESS_KEY, WEBSITES_KEY_PREFIX, websiteKey } from './queries';
import { mountedQueries, queryUpdatedAt, refetchMounted, runQuery, setQueryData, store } from './query-cache';

/**
 * The `/live` socket feeds the cached snapshots: metrics and progress are
 * written straight in, websites-changed refetches what is shown. A seq gap,
 * a reconnect or a new server id means events were missed: refetch everything.
 * Data the socket does not carry (industry, trends, scanningActive) is
 * refreshed after events, at most as often as its polling interval.
 */

/** Shown website lists refetch at most this often while scans stream in. */
const WEBSITE_LIST_REFRESH_MS = 10_000;
/** A last refresh after the events stop, so "Scanning Active" settles to "Standby". */
const QUIET_REFRESH_MS = 31_000;

type LiveSocket = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

let socket: LiveSocket | undefined;
let users = 0;
let lastSeq: number | undefined;
let serverId: string | undefined;
let hadConnection = false;
let lastListRefresh = 0;
let listTimer: ReturnType<typeof setTimeout> | undefined;
let quietTimer: ReturnType<typeof setTimeout> | undefined;

const refetchAll = () => refetchMounted(() => true);

/** Refetches shown queries whose snapshot is older than their polling interval. */
function refreshStale(): void {
  const now = Date.now();
  for (const { definition, refetchMs } of mountedQueries()) {
    if (refetchMs !== undefined && now - queryUpdatedAt(definition.key) >= refetchMs) void runQuery(definition);
  }
}

function afterEvent(seq: number): void {
  if (lastSeq !== undefined && seq !== lastSeq + 1) refetchAll();
  lastSeq = seq;
  refreshStale();
  clearTimeout(quietTimer);
  quietTimer = setTimeout(refreshStale, QUIET_REFRESH_MS);
}

function refreshWebsiteLists(): void {
  const wait = lastListRefresh + WEBSITE_LIST_REFRESH_MS - Date.now();
  if (wait <= 0) {
    lastListRefresh = Date.now();
    refetchMounted((key) => key.startsWith(WEBSITES_KEY_PREFIX));
  } else {
    listTimer ??= setTimeout(() => {
      listTimer = undefined;
      refreshWebsiteLists();
    }, wait);
  }
}

function connect(): LiveSocket {
  const live: LiveSocket = io(REALTIME_NAMESPACES.live, { path: SOCKET_IO_PATH });
  live.on('connect', () => store.set(liveConnectedAtom, true));
  live.on('disconnect', () => store.set(liveConnectedAtom, false));
  live.on('hello', (raw) => {
    const hello = liveEventSchemas.hello.safeParse(raw);
    if (!hello.success) return;
    // Events may have been missed while disconnected or when talking to another server.
    if (hadConnection || (serverId !== undefined && serverId !== hello.data.serverId)) refetchAll();
    hadConnection = true;
    serverId = hello.data.serverId;
    lastSeq = hello.data.seq;
  });
  live.on('metrics', (raw) => {
    const event = liveEventSchemas.metrics.safeParse(raw);
    if (!event.success) return refetchAll();
    // The push has no weekly growth: the snapshot keeps its age, so REST still refreshes that every 5 min.
    setQueryData<MetricsResponse>(METRICS_KEY, (previous) => (previous ? { ...previous, ...event.data.metrics } : undefined), false);
    afterEvent(event.data.seq);
  });
  live.on('progress', (raw) => {
    const event = liveEventSchemas.progress.safeParse(raw);
    if (!event.success) return refetchAll();
    // scanningActive only comes from REST, so the snapshot keeps its age and is re-read on schedule.
    setQueryData<ScanProgressResponse>(SCAN_PROGRESS_KEY, (previous) => (previous ? { ...previous, ...event.data.progress } : undefined), false);
    afterEvent(event.data.seq);
  });
  live.on('websites-changed', (raw) => {
    const event = liveEventSchemas['websites-changed'].safeParse(raw);
    if (!event.success) return refetchAll();
    refreshWebsiteLists();
    const changed = new Set(event.data.ids.map(websiteKey));
    refetchMounted((key) => changed.has(key) || (event.data.truncated && key.startsWith('website/')));
    afterEvent(event.data.seq);
  });
  return live;
}

/** Opens the shared socket for the first user and closes it after the last one. */
export function acquireLiveConnection(): () => void {
  users += 1;
  socket ??= connect();
  return () => {
    users -= 1;
    if (users > 0 || !socket) return;
    socket.close();
    socket = undefined;
    hadConnection = false;
    store.set(liveConnectedAtom, false);
  };
}
