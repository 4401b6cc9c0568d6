import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ALL_TOPICS } from '@mcp-census/schemas';
import { ROLES } from '../backend/src/config/config';

const ROOT = path.resolve(import.meta.dirname, '..');

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  command?: string[] | string;
  profiles?: string[];
  volumes?: string[];
};

// `<<` merge keys are resolved by the yaml parser with { merge: true }.
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };

describe('docker-compose.yml', () => {
  it('runs Kafka in KRaft mode from the official image, with PostgreSQL and ClickHouse', () => {
    const kafka = compose.services.kafka;
    expect(kafka?.image).toMatch(/^apache\/kafka:/);
    expect(kafka?.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.clickhouse?.image).toMatch(/^clickhouse\/clickhouse-server:/);
  });

  it('has one healthchecked service per role, built from the project, waiting for healthy dependencies', () => {
    for (const role of ROLES) {
      const service = compose.services[role];
      expect(service, role).toBeDefined();
      expect(service?.build).toBe('.');
      expect(service?.environment?.ROLES).toBe(role);
      expect(service?.healthcheck?.test).toBeDefined();
      expect(service?.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        clickhouse: { condition: 'service_healthy' },
        kafka: { condition: 'service_healthy' },
        'kafka-init': { condition: 'service_completed_successfully' },
      });
    }
    for (const infra of ['kafka', 'postgres', 'clickhouse']) expect(compose.services[infra]?.healthcheck?.test, infra).toBeDefined();
  });

  it('creates exactly the topics the app uses', () => {
    const script = (compose.services['kafka-init']?.command as string[]).join('\n');
    const loop = /for topic in ([^;]+);/.exec(script)?.[1]?.trim().split(/\s+/) ?? [];
    const created = loop.flatMap((t) => [t, `${t}.dlq`]);
    expect(created.sort()).toEqual([...ALL_TOPICS].sort());
  });

  it('offers Prometheus and Grafana in the optional monitoring profile, scraping every role', () => {
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name];
      expect(service?.profiles, name).toEqual(['monitoring']);
      // every file it mounts from the repository exists
      for (const volume of service?.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('./')) expect(existsSync(path.join(ROOT, source)), volume).toBe(true);
      }
    }
    for (const role of ROLES) expect(compose.services[role]?.profiles, role).toBeUndefined();
    const prometheus = parse(readFileSync(path.join(ROOT, 'docs/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: { metrics_path: string; static_configs: { targets: string[]; labels: { role: string } }[] }[];
    };
    const scraped = prometheus.scrape_configs.flatMap((job) => job.static_configs.map((c) => ({ path: job.metrics_path, targets: c.targets, role: c.labels.role })));
    expect(scraped.map((s) => s.role).sort()).toEqual([...ROLES].sort());
    for (const s of scraped) expect(s).toEqual({ path: '/metrics', targets: [`${s.role}:3000`], role: s.role });
    const datasources = parse(readFileSync(path.join(ROOT, 'docs/grafana/provisioning/datasources/prometheus.yml'), 'utf8')) as { datasources: { type: string; url: string }[] };
    expect(datasources.datasources).toEqual([expect.objectContaining({ type: 'prometheus', url: 'http://prometheus:9090' })]);
  });

  it('is accepted by the compose client where one is installed', () => {
    const clients: [string, string[]][] = [
      ['docker', ['compose']],
      ['docker-compose', []],
    ];
    const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    const usable = clients.filter(([cmd, prefix]) => {
      const r = run(cmd, [...prefix, 'config']);
      return !r.error && !/unknown command/.test(r.stderr ?? '');
    });
    // CI installs Debian's docker-compose, so there the file is always checked by a real client.
    if (process.env.CI) expect(usable.length).toBeGreaterThan(0);
    for (const [cmd, prefix] of usable) {
      // the default services, and with the monitoring profile's too
      for (const args of [['config'], ['--profile', 'monitoring', 'config']]) {
        const result = run(cmd, [...prefix, ...args]);
        expect(result.status, `${cmd} ${[...prefix, ...args].join(' ')}: ${result.stderr}`).toBe(0);
      }
    }
  });
});
