import type { Handler } from '../context';
import { ApiKey } from '../protocol';
import { handleCreateTopics, handleDeleteTopics, handleInitProducerId } from './admin';
import { handleApiVersions } from './api-versions';
import { handleFetch } from './fetch';
import { handleDescribeGroups, handleFindCoordinator, handleHeartbeat, handleJoinGroup, handleLeaveGroup, handleListGroups, handleSyncGroup } from './groups';
import { handleListOffsets } from './list-offsets';
import { handleMetadata } from './metadata';
import { handleOffsetCommit, handleOffsetFetch } from './offsets';
import { handleProduce } from './produce';

export const HANDLERS: ReadonlyMap<number, Handler> = new Map<number, Handler>([
  [ApiKey.Produce, handleProduce],
  [ApiKey.Fetch, handleFetch],
  [ApiKey.ListOffsets, handleListOffsets],
  [ApiKey.Metadata, handleMetadata],
  [ApiKey.OffsetCommit, handleOffsetCommit],
  [ApiKey.OffsetFetch, handleOffsetFetch],
  [ApiKey.FindCoordinator, handleFindCoordinator],
  [ApiKey.JoinGroup, handleJoinGroup],
  [ApiKey.Heartbeat, handleHeartbeat],
  [ApiKey.LeaveGroup, handleLeaveGroup],
  [ApiKey.SyncGroup, handleSyncGroup],
  [ApiKey.DescribeGroups, handleDescribeGroups],
  [ApiKey.ListGroups, handleListGroups],
  [ApiKey.ApiVersions, handleApiVersions],
  [ApiKey.CreateTopics, handleCreateTopics],
  [ApiKey.DeleteTopics, handleDeleteTopics],
  [ApiKey.InitProducerId, handleInitProducerId],
]);
