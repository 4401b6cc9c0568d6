/**
 * kafkajs consumer options for a fetch of `maxBytesPerPartition` (kafkajs default 1 MiB) per
 * partition; the whole fetch's cap is raised with it, so several partitions still fit.
 * Nothing when unset: kafkajs' defaults.
 */
export function fetchSizeOptions(maxBytesPerPartition: number | undefined): { maxBytesPerPartition?: number; maxBytes?: number } {
  return maxBytesPerPartition ? { maxBytesPerPartition, maxBytes: Math.max(10 * 1024 * 1024, maxBytesPerPartition * 2) } : {};
}
