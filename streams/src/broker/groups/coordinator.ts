import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../protocol';

export type GroupState = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable' | 'Dead';

export interface JoinRequest {
  groupId: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  memberId: string;
  groupInstanceId: string | null;
  protocolType: string;
  protocols: Array<{ name: string; metadata: Buffer }>;
  clientId: string;
  clientHost: string;
  /** JoinGroup v4+ clients take part in the MEMBER_ID_REQUIRED handshake. */
  requireKnownMemberId: boolean;
}

export interface JoinResult {
  errorCode: number;
  generationId: number;
  protocolName: string;
  leaderId: string;
  memberId: string;
  members: Array<{ memberId: string; groupInstanceId: string | null; metadata: Buffer }>;
}

export interface SyncResult {
  errorCode: number;
  assignment: Buffer;
}

interface Member {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocols: Array<{ name: string; metadata: Buffer }>;
  assignment: Buffer;
  lastHeartbeat: number;
  awaitingJoin: ((r: JoinResult) => void) | null;
  awaitingSync: ((r: SyncResult) => void) | null;
}

interface Group {
  id: string;
  state: GroupState;
  generationId: number;
  protocolType: string | null;
  protocolName: string | null;
  leaderId: string | null;
  members: Map<string, Member>;
  /** Member ids handed out with MEMBER_ID_REQUIRED, with their expiry time. */
  pending: Map<string, number>;
  rebalanceDeadline: number;
}

export interface CoordinatorOptions {
  sessionTimeoutMsMin: number;
  sessionTimeoutMsMax: number;
}

const EMPTY = Buffer.alloc(0);

function errorJoin(errorCode: number, memberId = ''): JoinResult {
  return { errorCode, generationId: -1, protocolName: '', leaderId: '', memberId, members: [] };
}

/**
 * Classic (pre-KIP-848) consumer-group coordinator, in memory: members join,
 * the coordinator picks a protocol every member supports, the leader computes
 * assignments and hands them back through SyncGroup. Group membership is
 * deliberately not persisted (Kafka keeps it, but after a restart clients just
 * rejoin); committed offsets are, by OffsetStore.
 */
export class GroupCoordinator {
  private readonly groups = new Map<string, Group>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: CoordinatorOptions) {
    this.timer = setInterval(() => this.tick(Date.now()), 100);
    this.timer.unref();
  }

  private group(id: string): Group {
    let g = this.groups.get(id);
    if (!g) {
      g = { id, state: 'Empty', generationId: 0, protocolType: null, protocolName: null, leaderId: null, members: new Map(), pending: new Map(), rebalanceDeadline: 0 };
      this.groups.set(id, g);
    }
    return g;
  }

  join(req: JoinRequest): Promise<JoinResult> {
    if (!req.groupId) return Promise.resolve(errorJoin(ErrorCode.INVALID_GROUP_ID, req.memberId));
    if (req.sessionTimeoutMs < this.opts.sessionTimeoutMsMin || req.sessionTimeoutMs > this.opts.sessionTimeoutMsMax) {
      return Promise.resolve(errorJoin(ErrorCode.INVALID_SESSION_TIMEOUT, req.memberId));
    }
    const g = this.group(req.groupId);
    if (req.protocols.length === 0 || !this.compatible(g, req)) return Promise.resolve(errorJoin(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, req.memberId));
    const now = Date.now();

    if (req.memberId === '') {
      const memberId = `${req.clientId || 'member'}-${randomUUID()}`;
      if (req.requireKnownMemberId) {
        g.pending.set(memberId, now + req.sessionTimeoutMs);
        return Promise.resolve(errorJoin(ErrorCode.MEMBER_ID_REQUIRED, memberId));
      }
      return this.addMember(g, req, memberId, now);
    }
    if (g.pending.has(req.memberId)) {
      g.pending.delete(req.memberId);
      return this.addMember(g, req, req.memberId, now);
    }
    const m = g.members.get(req.memberId);
    if (!m) return Promise.resolve(errorJoin(ErrorCode.UNKNOWN_MEMBER_ID, req.memberId));

    const sameProtocols = sameMetadata(m.protocols, req.protocols);
    m.lastHeartbeat = now;
    m.sessionTimeoutMs = req.sessionTimeoutMs;
    m.rebalanceTimeoutMs = req.rebalanceTimeoutMs;
    // A follower rejoining with unchanged metadata outside a rebalance just gets the current generation again.
    if ((g.state === 'Stable' || g.state === 'CompletingRebalance') && sameProtocols && g.leaderId !== m.memberId) {
      return Promise.resolve(this.joinResultFor(g, m));
    }
    m.protocols = req.protocols;
    return new Promise((resolve) => {
      if (m.awaitingJoin) m.awaitingJoin(errorJoin(ErrorCode.UNKNOWN_MEMBER_ID, m.memberId));
      m.awaitingJoin = resolve;
      if (g.state === 'PreparingRebalance') this.maybeCompleteJoin(g);
      else this.prepareRebalance(g, now);
    });
  }

  private compatible(g: Group, req: JoinRequest): boolean {
    if (g.members.size === 0) return true;
    if (g.protocolType !== req.protocolType) return false;
    // Another member may be the one rejoining; compare against everyone else.
    const others = [...g.members.values()].filter((m) => m.memberId !== req.memberId);
    if (others.length === 0) return true;
    return req.protocols.some((p) => others.every((m) => m.protocols.some((q) => q.name === p.name)));
  }

  private addMember(g: Group, req: JoinRequest, memberId: string, now: number): Promise<JoinResult> {
    return new Promise((resolve) => {
      const m: Member = {
        memberId,
        groupInstanceId: req.groupInstanceId,
        clientId: req.clientId,
        clientHost: req.clientHost,
        sessionTimeoutMs: req.sessionTimeoutMs,
        rebalanceTimeoutMs: req.rebalanceTimeoutMs,
        protocols: req.protocols,
        assignment: EMPTY,
        lastHeartbeat: now,
        awaitingJoin: resolve,
        awaitingSync: null,
      };
      g.members.set(memberId, m);
      g.protocolType = req.protocolType;
      if (g.state === 'PreparingRebalance') this.maybeCompleteJoin(g);
      else this.prepareRebalance(g, now);
    });
  }

  private prepareRebalance(g: Group, now: number): void {
    if (g.state === 'CompletingRebalance') this.failPendingSyncs(g, ErrorCode.REBALANCE_IN_PROGRESS);
    g.state = 'PreparingRebalance';
    let timeout = 0;
    for (const m of g.members.values()) timeout = Math.max(timeout, m.rebalanceTimeoutMs);
    g.rebalanceDeadline = now + timeout;
    this.maybeCompleteJoin(g);
  }

  private failPendingSyncs(g: Group, errorCode: number): void {
    for (const m of g.members.values()) {
      m.assignment = EMPTY;
      if (m.awaitingSync) {
        const cb = m.awaitingSync;
        m.awaitingSync = null;
        cb({ errorCode, assignment: EMPTY });
      }
    }
  }

  private maybeCompleteJoin(g: Group): void {
    if (g.state !== 'PreparingRebalance') return;
    if (g.pending.size > 0) return;
    for (const m of g.members.values()) if (!m.awaitingJoin) return;
    this.completeJoin(g, Date.now());
  }

  /** Ends the join phase: drops members that did not rejoin, bumps the generation, answers every joiner. */
  private completeJoin(g: Group, now: number): void {
    for (const m of [...g.members.values()]) if (!m.awaitingJoin) g.members.delete(m.memberId);
    g.pending.clear();
    g.generationId++;
    if (g.members.size === 0) {
      g.state = 'Empty';
      g.protocolName = null;
      g.protocolType = null;
      g.leaderId = null;
      return;
    }
    g.protocolName = this.selectProtocol(g);
    if (g.leaderId === null || !g.members.has(g.leaderId)) g.leaderId = g.members.keys().next().value ?? null;
    g.state = 'CompletingRebalance';
    for (const m of g.members.values()) {
      const cb = m.awaitingJoin!;
      m.awaitingJoin = null;
      m.lastHeartbeat = now;
      cb(this.joinResultFor(g, m));
    }
  }

  private joinResultFor(g: Group, m: Member): JoinResult {
    const isLeader = g.leaderId === m.memberId;
    return {
      errorCode: ErrorCode.NONE,
      generationId: g.generationId,
      protocolName: g.protocolName ?? '',
      leaderId: g.leaderId ?? '',
      memberId: m.memberId,
      members: isLeader
        ? [...g.members.values()].map((x) => ({
            memberId: x.memberId,
            groupInstanceId: x.groupInstanceId,
            metadata: x.protocols.find((p) => p.name === g.protocolName)?.metadata ?? EMPTY,
          }))
        : [],
    };
  }

  /** Kafka's rule: among protocols all members support, each member votes for its most preferred; most votes wins. */
  private selectProtocol(g: Group): string {
    const members = [...g.members.values()];
    const candidates = members[0]!.protocols.map((p) => p.name).filter((name) => members.every((m) => m.protocols.some((p) => p.name === name)));
    const votes = new Map<string, number>();
    for (const m of members) {
      const choice = m.protocols.find((p) => candidates.includes(p.name));
      if (choice) votes.set(choice.name, (votes.get(choice.name) ?? 0) + 1);
    }
    let best = candidates[0] ?? members[0]!.protocols[0]!.name;
    for (const c of candidates) if ((votes.get(c) ?? 0) > (votes.get(best) ?? 0)) best = c;
    return best;
  }

  sync(groupId: string, generationId: number, memberId: string, assignments: Array<{ memberId: string; assignment: Buffer }>): Promise<SyncResult> {
    const g = this.groups.get(groupId);
    const m = g?.members.get(memberId);
    if (!g || !m) return Promise.resolve({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY });
    if (generationId !== g.generationId) return Promise.resolve({ errorCode: ErrorCode.ILLEGAL_GENERATION, assignment: EMPTY });
    m.lastHeartbeat = Date.now();
    if (g.state === 'PreparingRebalance') return Promise.resolve({ errorCode: ErrorCode.REBALANCE_IN_PROGRESS, assignment: EMPTY });
    if (g.state === 'Stable') return Promise.resolve({ errorCode: ErrorCode.NONE, assignment: m.assignment });
    return new Promise((resolve) => {
      if (m.awaitingSync) m.awaitingSync({ errorCode: ErrorCode.REBALANCE_IN_PROGRESS, assignment: EMPTY });
      m.awaitingSync = resolve;
      if (memberId !== g.leaderId) return;
      const given = new Map(assignments.map((a) => [a.memberId, a.assignment]));
      g.state = 'Stable';
      for (const x of g.members.values()) {
        x.assignment = given.get(x.memberId) ?? EMPTY;
        if (x.awaitingSync) {
          const cb = x.awaitingSync;
          x.awaitingSync = null;
          cb({ errorCode: ErrorCode.NONE, assignment: x.assignment });
        }
      }
    });
  }

  heartbeat(groupId: string, generationId: number, memberId: string): number {
    const g = this.groups.get(groupId);
    const m = g?.members.get(memberId);
    if (!g || !m) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== g.generationId) return ErrorCode.ILLEGAL_GENERATION;
    m.lastHeartbeat = Date.now();
    return g.state === 'Stable' ? ErrorCode.NONE : ErrorCode.REBALANCE_IN_PROGRESS;
  }

  leave(groupId: string, memberId: string): number {
    const g = this.groups.get(groupId);
    if (g?.pending.delete(memberId)) {
      this.maybeCompleteJoin(g);
      return ErrorCode.NONE;
    }
    const m = g?.members.get(memberId);
    if (!g || !m) return ErrorCode.UNKNOWN_MEMBER_ID;
    this.removeMember(g, m, Date.now());
    return ErrorCode.NONE;
  }

  private removeMember(g: Group, m: Member, now: number): void {
    g.members.delete(m.memberId);
    m.awaitingJoin?.(errorJoin(ErrorCode.UNKNOWN_MEMBER_ID, m.memberId));
    m.awaitingSync?.({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY });
    m.awaitingJoin = null;
    m.awaitingSync = null;
    if (g.state === 'Stable' || g.state === 'CompletingRebalance') this.prepareRebalance(g, now);
    else if (g.state === 'PreparingRebalance') {
      if (g.members.size === 0 && g.pending.size === 0) this.completeJoin(g, now);
      else this.maybeCompleteJoin(g);
    }
  }

  /**
   * Whether an offset commit from (generationId, memberId) is allowed (Kafka's
   * rules): simple commits (generation -1) only for groups without members;
   * members of the current generation may commit even while a rebalance is
   * being prepared, so they can save progress before rejoining.
   */
  validateCommit(groupId: string, generationId: number, memberId: string): number {
    const g = this.groups.get(groupId);
    if (generationId < 0 && (!g || g.members.size === 0)) return ErrorCode.NONE;
    if (!g) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (g.state === 'CompletingRebalance') return ErrorCode.REBALANCE_IN_PROGRESS;
    const m = g.members.get(memberId);
    if (!m) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== g.generationId) return ErrorCode.ILLEGAL_GENERATION;
    m.lastHeartbeat = Date.now();
    return ErrorCode.NONE;
  }

  /** Session and rebalance timeouts. */
  tick(now: number): void {
    for (const g of this.groups.values()) {
      for (const [id, deadline] of g.pending) {
        if (now > deadline) {
          g.pending.delete(id);
          this.maybeCompleteJoin(g);
        }
      }
      for (const m of [...g.members.values()]) {
        // A member parked in JoinGroup is waiting on us, not failing to heartbeat.
        if (!m.awaitingJoin && now - m.lastHeartbeat > m.sessionTimeoutMs) this.removeMember(g, m, now);
      }
      if (g.state === 'PreparingRebalance' && now >= g.rebalanceDeadline) this.completeJoin(g, now);
      if (g.state === 'Empty' && g.members.size === 0 && g.pending.size === 0 && g.generationId === 0) this.groups.delete(g.id);
    }
  }

  describe(groupId: string): { state: GroupState; protocolType: string; protocol: string; members: Array<{ memberId: string; clientId: string; clientHost: string; metadata: Buffer; assignment: Buffer }> } {
    const g = this.groups.get(groupId);
    if (!g) return { state: 'Dead', protocolType: '', protocol: '', members: [] };
    return {
      state: g.state,
      protocolType: g.protocolType ?? '',
      protocol: g.state === 'Stable' || g.state === 'CompletingRebalance' ? (g.protocolName ?? '') : '',
      members: [...g.members.values()].map((m) => ({
        memberId: m.memberId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        metadata: m.protocols.find((p) => p.name === g.protocolName)?.metadata ?? EMPTY,
        assignment: m.assignment,
      })),
    };
  }

  list(): Array<{ groupId: string; protocolType: string }> {
    return [...this.groups.values()].map((g) => ({ groupId: g.id, protocolType: g.protocolType ?? 'consumer' }));
  }

  /** Releases every parked request (shutdown). */
  close(): void {
    clearInterval(this.timer);
    for (const g of this.groups.values()) {
      for (const m of g.members.values()) {
        m.awaitingJoin?.(errorJoin(ErrorCode.COORDINATOR_NOT_AVAILABLE, m.memberId));
        m.awaitingSync?.({ errorCode: ErrorCode.COORDINATOR_NOT_AVAILABLE, assignment: EMPTY });
        m.awaitingJoin = null;
        m.awaitingSync = null;
      }
    }
    this.groups.clear();
  }
}

function sameMetadata(a: Array<{ name: string; metadata: Buffer }>, b: Array<{ name: string; metadata: Buffer }>): boolean {
  return a.length === b.length && a.every((p, i) => p.name === b[i]!.name && p.metadata.equals(b[i]!.metadata));
}
