/** Kafka API keys served by this broker. */
export const ApiKey = {
  Produce: 0,
  Fetch: 1,
  ListOffsets: 2,
  Metadata: 3,
  OffsetCommit: 8,
  OffsetFetch: 9,
  FindCoordinator: 10,
  JoinGroup: 11,
  Heartbeat: 12,
  LeaveGroup: 13,
  SyncGroup: 14,
  DescribeGroups: 15,
  ListGroups: 16,
  ApiVersions: 18,
  CreateTopics: 19,
  DeleteTopics: 20,
  InitProducerId: 22,
} as const;

/**
 * Versions advertised in ApiVersions. All are below each API's first flexible
 * (tagged-field) version, so only the classic encoding is needed.
 */
export const SUPPORTED_VERSIONS: ReadonlyMap<number, readonly [number, number]> = new Map([
  [ApiKey.Produce, [3, 7]],
  [ApiKey.Fetch, [4, 11]],
  [ApiKey.ListOffsets, [1, 3]],
  [ApiKey.Metadata, [0, 5]],
  [ApiKey.OffsetCommit, [2, 5]],
  [ApiKey.OffsetFetch, [1, 4]],
  [ApiKey.FindCoordinator, [0, 2]],
  [ApiKey.JoinGroup, [0, 5]],
  [ApiKey.Heartbeat, [0, 3]],
  [ApiKey.LeaveGroup, [0, 2]],
  [ApiKey.SyncGroup, [0, 3]],
  [ApiKey.DescribeGroups, [0, 2]],
  [ApiKey.ListGroups, [0, 2]],
  [ApiKey.ApiVersions, [0, 2]],
  [ApiKey.CreateTopics, [0, 3]],
  [ApiKey.DeleteTopics, [0, 1]],
  [ApiKey.InitProducerId, [0, 1]],
] as const);

export function isSupported(apiKey: number, version: number): boolean {
  const range = SUPPORTED_VERSIONS.get(apiKey);
  return range !== undefined && version >= range[0] && version <= range[1];
}

/** Kafka error codes used by this broker. */
export const ErrorCode = {
  NONE: 0,
  OFFSET_OUT_OF_RANGE: 1,
  CORRUPT_MESSAGE: 2,
  UNKNOWN_TOPIC_OR_PARTITION: 3,
  COORDINATOR_NOT_AVAILABLE: 15,
  INVALID_TOPIC_EXCEPTION: 17,
  INVALID_REQUIRED_ACKS: 21,
  ILLEGAL_GENERATION: 22,
  INCONSISTENT_GROUP_PROTOCOL: 23,
  INVALID_GROUP_ID: 24,
  UNKNOWN_MEMBER_ID: 25,
  INVALID_SESSION_TIMEOUT: 26,
  REBALANCE_IN_PROGRESS: 27,
  UNSUPPORTED_VERSION: 35,
  TOPIC_ALREADY_EXISTS: 36,
  INVALID_PARTITIONS: 37,
  INVALID_CONFIG: 40,
  INVALID_REQUEST: 42,
  UNSUPPORTED_FOR_MESSAGE_FORMAT: 43,
  OUT_OF_ORDER_SEQUENCE_NUMBER: 45,
  INVALID_PRODUCER_EPOCH: 47,
  TRANSACTIONAL_ID_AUTHORIZATION_FAILED: 53,
  KAFKA_STORAGE_ERROR: 56,
  FETCH_SESSION_ID_NOT_FOUND: 70,
  MEMBER_ID_REQUIRED: 79,
} as const;

/** This broker's node id; also the controller and every partition's leader. */
export const NODE_ID = 0;
export const CLUSTER_ID = 'mcp-census-embedded';
