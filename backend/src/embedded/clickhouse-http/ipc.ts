/**
 * The contract between ../clickhouse.ts (parent) and the forked
 * ../clickhouse-http-server.ts (child): the child's configuration (argv[2] as
 * JSON) and the IPC messages each side sends. Both sides validate with zod.
 */
import { z } from 'zod';

export const ServerConfigSchema = z.object({
  dataDir: z.string().min(1),
  port: z.number().int().min(0).max(65535).default(0),
  maxBodyBytes: z
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  maxConcurrentQueries: z.number().int().positive().max(64).default(4),
  shutdownTimeoutMs: z.number().int().positive().default(10_000),
});
export type ServerConfig = z.input<typeof ServerConfigSchema>;

/** Child → parent. */
export const ChildMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listening'), port: z.number().int(), version: z.string(), startupMs: z.number() }),
  z.object({ type: z.literal('fatal'), message: z.string() }),
]);
export type ChildMessage = z.infer<typeof ChildMessageSchema>;

/** Parent → child. */
export const ParentMessageSchema = z.object({ type: z.literal('shutdown') });
export type ParentMessage = z.infer<typeof ParentMessageSchema>;
