import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../backend/src/config/config';
import { createLogger } from '@mcp-census/streams/platform/logger';
import { startInfrastructure, type Infrastructure } from '../backend/src/runtime/infrastructure';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    clickhouseUrl: string;
    clickhouseDatabase: string;
    kafkaBrokers: string[];
  }
}

/**
 * Starts the embedded stack once per test run, exactly as `npm start` does
 * (or points at external servers when DATABASE_URL etc. are set). Suites make
 * their own data (own databases, topics, ids) and never wipe shared tables.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mcp-census-test-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  let infra: Infrastructure;
  try {
    infra = await startInfrastructure(config, createLogger({ level: 'warn', format: config.logFormat }).child({ component: 'test-stack' }));
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('databaseUrl', infra.databaseUrl);
  project.provide('clickhouseUrl', infra.clickhouseUrl);
  project.provide('clickhouseDatabase', infra.clickhouseDatabase);
  project.provide('kafkaBrokers', infra.kafkaBrokers);
  return async () => {
    await infra.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
