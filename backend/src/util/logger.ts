import { createLogger as createPlatformLogger, type Logger, type LogLevel } from '@mcp-census/streams/platform/logger';

/**
 * @deprecated Use createLogger from `@mcp-census/streams/platform/logger`.
 * Kept only for frontend/test/e2e/product-under-test.ts (owned by the frontend
 * work); delete once it imports the platform logger.
 */
export function createLogger(level: LogLevel, component?: string): Logger {
  const log = createPlatformLogger({ level });
  return component ? log.child({ component }) : log;
}
