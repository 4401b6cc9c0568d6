import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { COMPILED_DIR, nodeFlagsForRoles, ROLE_NODE_FLAGS } from '@mcp-census/streams/platform/programs';
import { PROJECT_ROOT } from '@mcp-census/streams/platform/project-root';
import { BUILT_IN_CATALOGUE } from '../../backend/src/catalogue/seed';
import { rolesSetting } from '../../backend/src/config/config';
import { MIGRATIONS_ROOT } from '../../backend/src/migrations/migration-files';
import { FRONTEND_DIST } from '../../backend/src/runtime/census-server';
import { parseInstructions, parseRuntimeStage } from '../../scripts/production-check/dockerfile';

const stage = parseRuntimeStage(readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
const copied = stage.copies.flatMap((c) => c.sources);

describe("the Dockerfile's runtime stage", () => {
  it('runs the compiled server as node, with production dependencies only', () => {
    expect(stage.cmd).toEqual(['node', '--enable-source-maps', ...ROLE_NODE_FLAGS, `${COMPILED_DIR}/main.js`]);
    expect(stage.install).toEqual(expect.arrayContaining(['npm', 'ci', '--omit=dev']));
    expect(stage.user).toBe('node');
    expect(stage.healthcheck).toBe(true);
    expect(stage.env.NODE_ENV).toBe('production');
  });

  it("is each compose role's command, with the V8 flags of the role it runs", () => {
    const compose = parse(readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { command?: string[]; environment?: { ROLES?: string } }> };
    const roleServices = Object.entries(compose.services).filter(([, service]) => service.environment?.ROLES !== undefined);
    expect(roleServices.length).toBeGreaterThanOrEqual(5);
    for (const [name, service] of roleServices) {
      const flags = nodeFlagsForRoles(rolesSetting.parse(service.environment?.ROLES));
      // no command of its own runs the image's CMD, which has the role flags
      expect(service.command ?? stage.cmd, name).toEqual(['node', '--enable-source-maps', ...flags, `${COMPILED_DIR}/main.js`]);
    }
    expect(compose.services.scanner?.command).toContain('--max-semi-space-size=64');
  });

  it('copies everything the bundle reads at run time, and no sources', () => {
    const relative = (p: string) => path.relative(PROJECT_ROOT, p);
    const covered = (p: string) => copied.some((source) => p === source || p.startsWith(`${source}/`));
    for (const needed of [COMPILED_DIR, relative(MIGRATIONS_ROOT), relative(BUILT_IN_CATALOGUE), relative(FRONTEND_DIST), 'package-lock.json']) {
      expect(covered(needed), needed).toBe(true);
    }
    expect(copied.filter((source) => /(^|\/)src(\/|$)/.test(source))).toEqual([]);
  });
});

describe('Dockerfile parsing', () => {
  const text = [
    'FROM node:20 AS build',
    'WORKDIR /app',
    'RUN npm ci',
    'FROM node:20-slim AS runtime',
    '# a comment',
    'ENV A=1 B=two',
    'COPY --from=build /app/package.json \\',
    '  /app/package-lock.json ./',
    'RUN npm ci --omit=dev -w x && npm cache clean --force',
    'COPY --from=build /app/dist dist/',
    'CMD ["node", "dist/main.js"]',
  ].join('\n');

  it('joins continuation lines and reads the last stage', () => {
    expect(parseInstructions(text).map((i) => i.keyword)).toEqual(['FROM', 'WORKDIR', 'RUN', 'FROM', 'ENV', 'COPY', 'RUN', 'COPY', 'CMD']);
    const parsed = parseRuntimeStage(text);
    expect(parsed.copies).toEqual([
      { sources: ['package.json', 'package-lock.json'], dest: './' },
      { sources: ['dist'], dest: 'dist/' },
    ]);
    expect(parsed.install).toEqual(['npm', 'ci', '--omit=dev', '-w', 'x']);
    expect(parsed.env).toEqual({ A: '1', B: 'two' });
    expect(parsed.cmd).toEqual(['node', 'dist/main.js']);
    expect(parsed.user).toBeUndefined();
  });

  it('refuses what the check could not reproduce', () => {
    expect(() => parseRuntimeStage(text.replace('COPY --from=build /app/dist', 'COPY dist'))).toThrow(/only from the build stage/);
    expect(() => parseRuntimeStage(text.replace('/app/dist', '/elsewhere/dist'))).toThrow(/outside \/app/);
    expect(() => parseRuntimeStage(text.replace('CMD ["node", "dist/main.js"]', 'CMD node dist/main.js'))).toThrow();
    expect(() => parseRuntimeStage(text.replace('RUN npm ci --omit=dev -w x', 'RUN true'))).toThrow(/no npm ci/);
  });
});
