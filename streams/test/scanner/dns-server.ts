import dgram from 'node:dgram';
import * as dnsPacket from 'dns-packet';

/** A name's records; a name missing from the zone is NXDOMAIN, a missing type is NODATA. */
export type Zone = Record<string, { A?: string[]; AAAA?: string[] }>;

export interface DnsServerOptions {
  zone: Zone;
  /** Queries never answered (a lossy or dead name server). */
  drop?: (name: string, type: string) => boolean;
  /** Answers nothing until this many queries wait (or `holdMs` passed since the first), then all at once. */
  holdUntil?: number;
  holdMs?: number;
}

/** A real name server on loopback UDP, answering A and AAAA from a zone. */
export interface DnsServer {
  /** `127.0.0.1:port`, as name server lists take it. */
  address: string;
  queries: Array<{ name: string; type: string }>;
  /** Most queries waiting for an answer at one time (with `holdUntil`). */
  maxWaiting: number;
  close(): Promise<void>;
}

const NXDOMAIN = 3;

function answer(zone: Zone, query: dnsPacket.Packet): Buffer {
  const question = query.questions?.[0];
  const name = question?.name.toLowerCase() ?? '';
  const records = zone[name];
  const type = question?.type;
  const data = records && (type === 'A' || type === 'AAAA') ? (records[type] ?? []) : [];
  return dnsPacket.encode({
    type: 'response',
    id: query.id ?? 0,
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (records ? 0 : NXDOMAIN),
    questions: query.questions ?? [],
    answers: data.map((address) => ({ type: type as 'A', name: question!.name, ttl: 60, class: 'IN' as const, data: address })),
  });
}

export async function startDnsServer(o: DnsServerOptions): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const state = { queries: [] as DnsServer['queries'], maxWaiting: 0 };
  let waiting: Array<() => void> = [];
  let holdTimer: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(holdTimer);
    const all = waiting;
    waiting = [];
    all.forEach((send) => send());
  };
  socket.on('message', (msg, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    state.queries.push({ name: question.name.toLowerCase(), type: question.type });
    if (o.drop?.(question.name.toLowerCase(), question.type)) return;
    const send = () => socket.send(answer(o.zone, query), peer.port, peer.address);
    if (o.holdUntil === undefined) return send();
    waiting.push(send);
    state.maxWaiting = Math.max(state.maxWaiting, waiting.length);
    if (waiting.length >= o.holdUntil) release();
    else if (waiting.length === 1) holdTimer = setTimeout(release, o.holdMs ?? 5_000);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    get queries() {
      return state.queries;
    },
    get maxWaiting() {
      return state.maxWaiting;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(holdTimer);
        socket.close(() => resolve());
      }),
  };
}

/** A loopback UDP port nothing listens on: queries to it are refused (ICMP port unreachable). */
export async function closedUdpPort(): Promise<string> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}
