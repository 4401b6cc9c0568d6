import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from '@mcp-census/streams/platform/logger';
import type { LivenessSettings } from '@mcp-census/schemas/liveness-settings';
import { ADMIN_PASSWORD_MIN_LENGTH, isPasswordHash } from '../auth/password-hash';

/** Roles a process can run; `npm start` runs all of them in one process. */
export const ROLES = ['api', 'scanner', 'projector-state', 'projector-trends', 'scheduler'] as const;
export type Role = (typeof ROLES)[number];

/** `ROLES`: the roles one process runs, comma-separated (default all); each named once. */
export const rolesSetting = z
  .string()
  .trim()
  .default(ROLES.join(','))
  .transform((v) => [...new Set(v.split(',').map((r) => r.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(ROLES)).min(1, 'must name at least one role'));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const brokerList = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v.split(',').map((b) => b.trim())))
  .refine((list) => list === undefined || list.every((b) => /^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/.test(b)), {
    message: 'must be a comma-separated list of host:port',
  });

/** A name server: an IP address, optionally with a port (`[ipv6]:port` for IPv6). */
function isNameServer(entry: string): boolean {
  if (isIP(entry) !== 0) return true;
  const m = /^(?:(\d{1,3}(?:\.\d{1,3}){3})|\[([0-9A-Fa-f:.]+)\]):(\d{1,5})$/.exec(entry);
  if (!m || Number(m[3]) < 1 || Number(m[3]) > 65_535) return false;
  return m[1] !== undefined ? isIP(m[1]) === 4 : isIP(m[2]!) === 6;
}

const nameServerList = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v.split(',').map((s) => s.trim())))
  .refine((list) => list === undefined || list.every(isNameServer), {
    message: 'must be a comma-separated list of IP addresses, each with an optional :port ([ipv6]:port for IPv6)',
  });

/** Port of an embedded service: unset (or empty) = the port of the previous run in DATA_DIR, else a free one; 0 = always a free one. */
const embeddedPort = z
  .string()
  .trim()
  .optional()
  .refine((v) => v === undefined || v === '' || (/^\d{1,5}$/.test(v) && Number(v) <= 65535), { message: 'must be a port number (0-65535)' })
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

/** A secret from the environment: kept verbatim (no trimming), empty means unset. */
const optionalSecret = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A From header: an address, optionally with a display name (`Name <a@b.example>`). */
const mailFrom = z
  .string()
  .trim()
  .default('MCP Census <reports@localhost>')
  .transform((v) => (v === '' ? 'MCP Census <reports@localhost>' : v))
  .refine((v) => /^(?:[^<>\p{Cc}]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/u.test(v) && v.length <= 254, {
    message: 'must be an e-mail address, optionally with a name: Name <reports@example.com>',
  });

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the app. `false`/`0`
 * (default) ignores X-Forwarded-*; `true` means one; a number means that many.
 */
const TRUST_PROXY_MESSAGE = 'must be true, false or the number of reverse proxies in front of the app (0-10)';
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .default('false')
  .transform((v) => (v === '' || v === 'false' ? '0' : v === 'true' ? '1' : v))
  .pipe(z.string().regex(/^\d{1,2}$/, TRUST_PROXY_MESSAGE).transform(Number))
  .pipe(z.number().max(10, TRUST_PROXY_MESSAGE));

/** The official MCP Registry's public API (docs/reference/api/official-registry-api.md in modelcontextprotocol/registry). */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

const days = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number of days from ${min} to ${max}` })
    .int(`must be a whole number of days from ${min} to ${max}`)
    .min(min, `must be a whole number of days from ${min} to ${max}`)
    .max(max, `must be a whole number of days from ${min} to ${max}`)
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number (0-65535)' })
    .int('must be a port number (0-65535)')
    .min(0, 'must be a port number (0-65535)')
    .max(65535, 'must be a port number (0-65535)')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
  /** Bearer token GET /metrics requires; unset: the metrics are public (keep the port private then). */
  // Blank counts as unset, so a compose file can pass `${METRICS_TOKEN:-}` through.
  METRICS_TOKEN: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().min(16, 'must be at least 16 characters').max(512, 'must be at most 512 characters').optional()),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  CLICKHOUSE_URL: optionalUrl(['http:', 'https:']),
  CLICKHOUSE_DATABASE: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain identifier (letters, digits, underscore)')
    .default('mcp_census'),
  KAFKA_BROKERS: brokerList,
  KAFKA_PARTITIONS: z.coerce.number({ error: 'must be a whole number from 1 to 256' }).int().min(1).max(256).default(4),
  EMBEDDED_POSTGRES_PORT: embeddedPort,
  EMBEDDED_CLICKHOUSE_PORT: embeddedPort,
  EMBEDDED_KAFKA_PORT: embeddedPort,
  EMBEDDED_SERVICES: z
    .enum(['start', 'join', ''], { error: 'must be start or join' })
    .default('start')
    .transform((v) => (v === '' ? 'start' : v)),
  ROLES: rolesSetting,
  LOG_LEVEL: z
    .enum([...LOG_LEVELS, ''], { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info')
    .transform((v) => (v === '' ? 'info' : v)),
  // Unset: pretty at a terminal, json otherwise (decided by the logger).
  LOG_FORMAT: z
    .enum([...LOG_FORMATS, ''], { error: `must be ${LOG_FORMATS.join(' or ')}` })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  CATALOGUE_FILE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  SCAN_INTERVAL_HOURS: z.coerce.number({ error: 'must be a number of hours' }).positive('must be a positive number of hours').max(24 * 365).default(24),
  SCAN_CONCURRENCY: z.coerce.number({ error: 'must be a whole number from 1 to 1000' }).int().min(1).max(1000).default(64),
  SCAN_REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(100).max(120_000).default(5_000),
  SCAN_SITE_DEADLINE_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(500).max(600_000).default(20_000),
  SCAN_HOST_RPS: z.coerce.number({ error: 'must be requests per second' }).positive('must be a positive number of requests per second').max(1_000).default(2),
  SCAN_DNS_SERVERS: nameServerList,
  SCAN_DNS_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int('must be whole milliseconds').min(100, 'must be at least 100 ms').max(30_000, 'must be at most 30000 ms').default(2_000),
  LIVENESS_CONFIRM_SCANS: z.coerce.number({ error: 'must be a whole number from 1 to 100' }).int('must be a whole number from 1 to 100').min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100').default(3),
  LIVENESS_CONFIRM_HOURS: z.coerce.number({ error: 'must be a number of hours' }).min(0, 'must be 0 or more hours').max(24 * 90, 'must be at most 2160 hours').default(24),
  UNREACHABLE_RETRY_HOURS: z
    .string()
    .trim()
    .default('1,4,12')
    .transform((v) => (v === '' ? '1,4,12' : v).split(',').map((h) => Number(h.trim())))
    .pipe(z.array(z.number({ error: 'must be comma-separated hours' }).positive('must be comma-separated positive hours').max(24 * 365)).min(1).max(20, 'must list at most 20 retry delays')),
  SCANNER_OUTAGE_WINDOW: z.coerce.number({ error: 'must be a whole number from 1 to 1000' }).int('must be a whole number from 1 to 1000').min(1, 'must be a whole number from 1 to 1000').max(1_000, 'must be a whole number from 1 to 1000').default(40),
  SCANNER_OUTAGE_WINDOW_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).positive('must be a positive number of minutes').max(24 * 60, 'must be at most 1440 minutes').default(5),
  SCANNER_OUTAGE_SHARE: z.coerce.number({ error: 'must be a share above 0, at most 1' }).gt(0, 'must be a share above 0, at most 1').max(1, 'must be a share above 0, at most 1').default(0.9),
  SCAN_CANARY_URL: optionalUrl(['http:', 'https:']),
  SCAN_CANARY_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(5, 'must be at least 5 seconds').max(86_400, 'must be at most 86400 seconds').default(60),
  SCAN_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SCAN_SIMULATED_WEB: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .default('admin')
    .transform((v) => (v === '' ? 'admin' : v))
    .pipe(z.string().max(200, 'must be at most 200 characters').regex(/^[^\p{Cc}]+$/u, 'must not contain control characters')),
  ADMIN_PASSWORD: optionalSecret.refine((v) => v === undefined || v.length >= ADMIN_PASSWORD_MIN_LENGTH, {
    message: `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
  }),
  ADMIN_PASSWORD_HASH: optionalSecret.refine((v) => v === undefined || isPasswordHash(v), {
    message: 'must be a hash in the form scrypt$N$r$p$salt$hash (see backend/src/cli/hash-password.ts)',
  }),
  SESSION_TTL_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be a positive number of hours')
    .max(24 * 30, 'must be at most 720 hours')
    .default(12),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: mailFrom,
  RETENTION_DAYS: days(1, 3650, 730),
  EVENT_RETENTION_DAYS: days(2, 3650, 30),
  UNSUBSCRIBE_SECRET: optionalSecret.refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  // Unset: on, except where the scanner may reach private addresses (tests, the simulated web); see registrySyncEnabled().
  REGISTRY_SYNC: z
    .enum(['on', 'off', ''], { error: 'must be on or off' })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  REGISTRY_URL: z
    .string()
    .trim()
    .default(DEFAULT_REGISTRY_URL)
    .transform((v) => (v === '' ? DEFAULT_REGISTRY_URL : v.replace(/\/+$/, '')))
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && v.length <= 500;
        } catch {
          return false;
        }
      },
      { message: 'must be an http:// or https:// base URL without credentials, query or fragment (at most 500 characters)' },
    ),
}).superRefine((env, ctx) => {
  // Two sources for one credential would leave it unclear which one logs in.
  // The simulated web lives on loopback: resolving its hosts is only safe where private addresses are allowed anyway.
  if (env.SCAN_SIMULATED_WEB && !env.SCAN_ALLOW_PRIVATE) {
    ctx.addIssue({ code: 'custom', path: ['SCAN_SIMULATED_WEB'], message: 'requires SCAN_ALLOW_PRIVATE=true' });
  }
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD_HASH !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD_HASH'], message: 'cannot be combined with ADMIN_PASSWORD; set only one of them' });
  }
});

export type AppConfig = {
  port: number;
  host: string;
  /** TRUST_PROXY: reverse proxies in front of the app whose X-Forwarded-For/-Proto are believed (0: none). */
  trustProxy: number;
  /** METRICS_TOKEN: the bearer token of GET /metrics (unset: public). */
  metricsToken: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  clickhouseUrl: string | undefined;
  clickhouseDatabase: string;
  kafkaPartitions: number;
  kafkaBrokers: string[] | undefined;
  /** Embedded services: started by this process (`start`), or those of the process that owns DATA_DIR (`join`, via `$DATA_DIR/services.json`). */
  embedded: {
    mode: 'start' | 'join';
    /** undefined: the previous run's port, else a free one; 0: a free one. */
    postgresPort: number | undefined;
    clickhousePort: number | undefined;
    kafkaPort: number | undefined;
  };
  roles: Role[];
  logLevel: LogLevel;
  /** LOG_FORMAT; undefined: pretty when stdout is a terminal, json otherwise. */
  logFormat: LogFormat | undefined;
  catalogueFile: string | undefined;
  /** Where the public reaches this deployment; the scanner's User-Agent points at its About page. */
  publicUrl: string;
  scan: {
    rescanIntervalMs: number;
    concurrency: number;
    requestTimeoutMs: number;
    siteDeadlineMs: number;
    /** Requests per second to one host across this process's scanner workers. */
    hostRps: number;
    /** SCAN_DNS_SERVERS (undefined: the system's), SCAN_DNS_TIMEOUT_MS: how the scanner looks host names up. */
    dns: { servers: string[] | undefined; timeoutMs: number };
    /** Lets the prober reach loopback/private addresses: tests and the simulated web only. */
    allowPrivate: boolean;
    /** Resolve the hosts of the simulated web named in `$DATA_DIR/services.json` (a role process of `npm run demo:roles`). */
    simulatedWeb: boolean;
    /** UNREACHABLE_RETRY_HOURS: a site whose newest scan could not reach it is due again after the n-th delay (n = its unreachable scans in a row), then the normal interval. */
    unreachableRetryMs: number[];
    /** SCANNER_OUTAGE_*: the scanner calls itself offline when `share` of its newest `windowSize` results (within `windowMs`) failed at the network level. */
    outage: { windowSize: number; windowMs: number; share: number };
    /** SCAN_CANARY_URL: fetched every `intervalMs` (every 5 s while an outage is suspected); unset: no canary. */
    canary: { url: string; intervalMs: number } | undefined;
  };
  /** A site's status changes to unreachable only after this many unreachable scans in a row spanning at least these hours. */
  liveness: LivenessSettings;
  admin: {
    username: string;
    /** ADMIN_PASSWORD: hashed in memory at start, never stored. */
    password: string | undefined;
    /** ADMIN_PASSWORD_HASH: an encoded scrypt hash. Neither set: a password is generated at first start. */
    passwordHash: string | undefined;
    sessionTtlMs: number;
  };
  mail: {
    /** SMTP_URL (may hold credentials: never log it). Unset: mails are written to `$DATA_DIR/outbox`. */
    smtpUrl: string | undefined;
    from: string;
  };
  retention: {
    /** Raw scan facts (ClickHouse) and scan log lines older than this are deleted. */
    scanDataDays: number;
    /** Per-event bookkeeping (scan_progress_events, projection_processed_events) older than this is deleted. */
    eventDays: number;
  };
  /** Signs unsubscribe links; unset: a secret generated once and kept in app_settings. */
  unsubscribeSecret: string | undefined;
  registry: {
    /** REGISTRY_SYNC; undefined: on unless the scanner may reach private addresses (see registrySyncEnabled). */
    sync: 'on' | 'off' | undefined;
    /** REGISTRY_URL: base of the registry's REST API, without a trailing slash. */
    url: string;
  };
};

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration: ${issues.map((i) => `${i.variable} ${i.message}`).join('; ')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    clickhouseUrl: e.CLICKHOUSE_URL,
    clickhouseDatabase: e.CLICKHOUSE_DATABASE,
    kafkaPartitions: e.KAFKA_PARTITIONS,
    kafkaBrokers: e.KAFKA_BROKERS,
    embedded: {
      mode: e.EMBEDDED_SERVICES,
      postgresPort: e.EMBEDDED_POSTGRES_PORT,
      clickhousePort: e.EMBEDDED_CLICKHOUSE_PORT,
      kafkaPort: e.EMBEDDED_KAFKA_PORT,
    },
    roles: e.ROLES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    catalogueFile: e.CATALOGUE_FILE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    scan: {
      rescanIntervalMs: Math.round(e.SCAN_INTERVAL_HOURS * 3_600_000),
      concurrency: e.SCAN_CONCURRENCY,
      requestTimeoutMs: e.SCAN_REQUEST_TIMEOUT_MS,
      siteDeadlineMs: e.SCAN_SITE_DEADLINE_MS,
      hostRps: e.SCAN_HOST_RPS,
      dns: { servers: e.SCAN_DNS_SERVERS, timeoutMs: e.SCAN_DNS_TIMEOUT_MS },
      allowPrivate: e.SCAN_ALLOW_PRIVATE,
      simulatedWeb: e.SCAN_SIMULATED_WEB,
      unreachableRetryMs: e.UNREACHABLE_RETRY_HOURS.map((h) => Math.round(h * 3_600_000)),
      outage: { windowSize: e.SCANNER_OUTAGE_WINDOW, windowMs: Math.round(e.SCANNER_OUTAGE_WINDOW_MINUTES * 60_000), share: e.SCANNER_OUTAGE_SHARE },
      canary: e.SCAN_CANARY_URL ? { url: e.SCAN_CANARY_URL, intervalMs: Math.round(e.SCAN_CANARY_INTERVAL_SECONDS * 1000) } : undefined,
    },
    liveness: { confirmScans: e.LIVENESS_CONFIRM_SCANS, confirmHours: e.LIVENESS_CONFIRM_HOURS },
    admin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD,
      passwordHash: e.ADMIN_PASSWORD_HASH?.trim(),
      sessionTtlMs: Math.round(e.SESSION_TTL_HOURS * 3_600_000),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    retention: { scanDataDays: e.RETENTION_DAYS, eventDays: e.EVENT_RETENTION_DAYS },
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET,
    registry: { sync: e.REGISTRY_SYNC, url: e.REGISTRY_URL },
  };
}

/**
 * Whether the scheduler reads the registry. REGISTRY_SYNC decides when set;
 * unset, a deployment whose scanner may reach private addresses (tests,
 * `npm run demo`'s simulated web) stays off, so it never reaches the internet.
 */
export function registrySyncEnabled(config: Pick<AppConfig, 'registry' | 'scan'>): boolean {
  return config.registry.sync === undefined ? !config.scan.allowPrivate : config.registry.sync === 'on';
}

/**
 * Runs a configuration step; a ConfigError prints its one-line message and
 * ends the process with exit code 1, anything else propagates.
 */
export function orExitOnConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
