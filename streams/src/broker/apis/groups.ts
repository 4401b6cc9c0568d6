import { Writer } from '../codec/writer';
import type { BrokerState, Request } from '../context';
import { ErrorCode, NODE_ID } from '../protocol';

/** FindCoordinator v0-2: this node coordinates every group. */
export function handleFindCoordinator(req: Request, b: BrokerState): Writer {
  const v = req.apiVersion;
  req.body.string(); // group id / coordinator key
  if (v >= 1) req.body.int8(); // key type
  const w = new Writer(64);
  if (v >= 1) w.int32(0);
  w.int16(ErrorCode.NONE);
  if (v >= 1) w.string(null);
  return w.int32(NODE_ID).string(b.advertisedHost).int32(b.port);
}

/** JoinGroup v0-5 (parks until the rebalance completes). */
export async function handleJoinGroup(req: Request, b: BrokerState): Promise<Writer> {
  const v = req.apiVersion;
  const r = req.body;
  const groupId = r.string();
  const sessionTimeoutMs = r.int32();
  const rebalanceTimeoutMs = v >= 1 ? r.int32() : sessionTimeoutMs;
  const memberId = r.string();
  const groupInstanceId = v >= 5 ? r.nullableString() : null;
  const protocolType = r.string();
  // Copied: the frame buffer must not be pinned by long-lived group state.
  const protocols = r.array((r) => ({ name: r.string(), metadata: Buffer.from(r.bytes()) }));

  const res = await b.groups.join({
    groupId,
    sessionTimeoutMs,
    rebalanceTimeoutMs,
    memberId,
    groupInstanceId,
    protocolType,
    protocols,
    clientId: req.clientId ?? '',
    clientHost: req.clientHost,
    requireKnownMemberId: v >= 4,
  });
  const w = new Writer(256);
  if (v >= 2) w.int32(0);
  w.int16(res.errorCode).int32(res.generationId).string(res.protocolName).string(res.leaderId).string(res.memberId);
  w.array(res.members, (w, m) => {
    w.string(m.memberId);
    if (v >= 5) w.string(m.groupInstanceId);
    w.bytes(m.metadata);
  });
  return w;
}

/** SyncGroup v0-3 (followers park until the leader's assignment arrives). */
export async function handleSyncGroup(req: Request, b: BrokerState): Promise<Writer> {
  const v = req.apiVersion;
  const r = req.body;
  const groupId = r.string();
  const generationId = r.int32();
  const memberId = r.string();
  if (v >= 3) r.nullableString(); // group instance id
  const assignments = r.array((r) => ({ memberId: r.string(), assignment: Buffer.from(r.bytes()) }));
  const res = await b.groups.sync(groupId, generationId, memberId, assignments);
  const w = new Writer(64);
  if (v >= 1) w.int32(0);
  return w.int16(res.errorCode).bytes(res.assignment);
}

export function handleHeartbeat(req: Request, b: BrokerState): Writer {
  const r = req.body;
  const groupId = r.string();
  const generationId = r.int32();
  const memberId = r.string();
  if (req.apiVersion >= 3) r.nullableString();
  const w = new Writer(16);
  if (req.apiVersion >= 1) w.int32(0);
  return w.int16(b.groups.heartbeat(groupId, generationId, memberId));
}

export function handleLeaveGroup(req: Request, b: BrokerState): Writer {
  const groupId = req.body.string();
  const memberId = req.body.string();
  const w = new Writer(16);
  if (req.apiVersion >= 1) w.int32(0);
  return w.int16(b.groups.leave(groupId, memberId));
}

export function handleDescribeGroups(req: Request, b: BrokerState): Writer {
  const ids = req.body.array((r) => r.string());
  const w = new Writer(256);
  if (req.apiVersion >= 1) w.int32(0);
  w.array(ids, (w, id) => {
    const g = b.groups.describe(id);
    w.int16(ErrorCode.NONE).string(id).string(g.state).string(g.protocolType).string(g.protocol);
    w.array(g.members, (w, m) => w.string(m.memberId).string(m.clientId).string(m.clientHost).bytes(m.metadata).bytes(m.assignment));
  });
  return w;
}

export function handleListGroups(req: Request, b: BrokerState): Writer {
  const w = new Writer(128);
  if (req.apiVersion >= 1) w.int32(0);
  w.int16(ErrorCode.NONE);
  return w.array(b.groups.list(), (w, g) => w.string(g.groupId).string(g.protocolType));
}
