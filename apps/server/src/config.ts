import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Upper bound of SERVER_PROCESSES: beyond a few per core they only compete for it and for connections. */
export const MAX_SERVER_PROCESSES = 64;
const SERVER_PROCESSES_RANGE = `must be auto or a whole number from 1 to ${MAX_SERVER_PROCESSES}`;

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads. README.md documents each one; nothing else in the code
 * reads process.env.
 */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://... selects PostgreSQL; unset selects the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  /** Optional read replica for catalogue reads; defaults to DATABASE_URL. */
  DATABASE_READ_URL: z.url().optional(),
  /** Connections of each query pool of a process; unset: defaultDatabasePoolSize. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /**
   * Server processes sharing the port (node:cluster): a whole number, or `auto` for one per core. More than
   * one needs PostgreSQL and Redis (checked below). Each opens its own database pools.
   */
  SERVER_PROCESSES: z
    .union(
      [
        z.literal('auto'),
        z.coerce
          .number()
          .int({ error: SERVER_PROCESSES_RANGE })
          .min(1, { error: SERVER_PROCESSES_RANGE })
          .max(MAX_SERVER_PROCESSES, { error: SERVER_PROCESSES_RANGE }),
      ],
      { error: SERVER_PROCESSES_RANGE },
    )
    .default(1),
  DATA_DIR: z.string().default('./data'),
  /** Where uploaded and generated images are kept; defaults to DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().optional(),
  /** Where `npm run backup` writes its files; defaults to ./backups (outside DATA_DIR, so a backup never holds older ones). */
  BACKUP_DIR: z.string().default('./backups'),
  REDIS_URL: z.url().optional(),
  /** Prefix of the fan-out bus channels in Redis (several installations or test runs may share one Redis). */
  BUS_CHANNEL_PREFIX: z.string().min(1).max(64).default('caravan:bus:'),
  /**
   * Prefix of every key this installation keeps in Redis (counters, rate limits, shared pages), set on the client
   * so no key can miss it: installations sharing one Redis use different prefixes, or they would share log-in
   * throttles and rate buckets of the same account names and user ids.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[!-~]{1,64}$/, { error: 'REDIS_KEY_PREFIX: 1 to 64 visible ASCII characters, no spaces' })
    .default('caravan:'),
  /**
   * With REDIS_URL, server-rendered pages are cached in Redis too (under BUS_CHANNEL_PREFIX), so one process's
   * render serves every process; each keeps its own copies in front.
   */
  PAGE_CACHE_SHARED: zBool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin of the site, used in links and cookies; defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /**
   * Absolute session lifetime: a session ends this many hours after log-in however active it is (the
   * sliding SESSION_TTL_HOURS extends it only up to here). At least SESSION_TTL_HOURS.
   */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  COOKIE_SECURE: zBool.optional(),
  TRUST_PROXY: zBool.default(false),
  /** When set, mobile visitors are redirected there, keeping goods id, store id and lang. */
  MOBILE_SITE_URL: z.url().optional(),
  /** Creates demo accounts and the demo catalogue on the first start with an empty database. */
  SEED_DEMO: zBool.default(true),
  /** Serve an https PUBLIC_URL although demo accounts keep their published passwords (a public demo). */
  ALLOW_DEMO_PASSWORDS: zBool.default(false),
  /** Serves the built web app from apps/web/dist (off for API-only instances). */
  SERVE_WEB: zBool.default(true),
  WEB_DIST_DIR: z.string().optional(),
  /** Rate limit of auth, chat and money calls: requests per minute per client. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Bearer token for GET /metrics; without it only local, unproxied requests may read the metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * A request that takes at least this long is logged as a warning with its method, route pattern, status and
   * time (never its URL, which may carry ids or tokens): the one trace of a request that hung on a lock or a pool.
   */
  SLOW_REQUEST_LOG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Longest wait for requests and jobs in flight after SIGTERM before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Rate limit of public reads through the legacy calls (catalogue, order lists): per minute per client. */
  RATE_LIMIT_READ_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Runs timed jobs (auto-cancel, auto-complete, loan overdue) in this process. */
  RUN_JOBS: zBool.default(true),
  /** How often completed orders past the return window are settled to their sellers (seconds). */
  SETTLE_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** smtp://user:password@host:587 or smtps://...: outgoing mail is sent there; unset: read it in /admin. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { error: 'must be smtp://... or smtps://...' })
    .optional(),
  /** Sender of outgoing mail. */
  MAIL_FROM: z.string().min(3).default('Caravan <no-reply@caravan.example>'),
  /**
   * Lets staff move the server's clock forward (POST /api/v1/admin/test/clock) for loans and orders alike, so browser
   * tests and QA can pass due dates, auto-receive and settlement without waiting. Refused when NODE_ENV=production.
   */
  TEST_CLOCK: zBool.default(false),
});

export type Config = Omit<
  z.infer<typeof ZConfig>,
  'PUBLIC_URL' | 'SERVER_PROCESSES' | 'DATABASE_POOL_SIZE'
> & {
  PUBLIC_URL: string;
  /** As set, or defaultDatabasePoolSize. */
  DATABASE_POOL_SIZE: number;
  /** SERVER_PROCESSES with `auto` resolved to this machine's cores. */
  serverProcesses: number;
  uploadDir: string;
  backupDir: string;
  webDistDir: string;
  cookieSecure: boolean;
};

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * PostgreSQL answers most with about twice its cores in active connections; beyond that they only take turns on the
 * cores, and the server's own process gets fewer turns. On two cores shared by the server and PostgreSQL, pools of
 * 6 or 8 connections served 30-50 % more pages a second than 20 or 32, and keyword search at 32 connections ran
 * 3-20 times faster (docs/operations.md, "Speed at scale"). The default takes this machine's cores as the
 * database's (the single-machine set-up of README.md) and splits them between the processes; a database on a
 * machine of its own is sized with DATABASE_POOL_SIZE.
 */
export function defaultDatabasePoolSize(serverProcesses: number, cores = os.availableParallelism()): number {
  return Math.max(2, Math.ceil((2 * cores + 2) / serverProcesses));
}

export class ConfigError extends Error {}

/** Parses the environment once; fails listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.TEST_CLOCK && c.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: cannot be enabled when NODE_ENV=production');
  }
  if (c.SESSION_MAX_HOURS < c.SESSION_TTL_HOURS) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_MAX_HOURS: must be at least SESSION_TTL_HOURS (${c.SESSION_TTL_HOURS})`,
    );
  }
  const serverProcesses = c.SERVER_PROCESSES === 'auto' ? os.availableParallelism() : c.SERVER_PROCESSES;
  if (serverProcesses > 1 && !c.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  SERVER_PROCESSES: ${serverProcesses} processes need PostgreSQL (DATABASE_URL); the embedded PGlite database is one connection inside one process and cannot be shared`,
    );
  }
  if (serverProcesses > 1 && !c.REDIS_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  SERVER_PROCESSES: ${serverProcesses} processes need REDIS_URL, through which they share rate limits, caches' invalidation and the bus`,
    );
  }
  const dataDir = path.resolve(REPO_ROOT, c.DATA_DIR);
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const { SERVER_PROCESSES: _asWritten, ...settings } = c;
  return {
    ...settings,
    serverProcesses,
    DATABASE_POOL_SIZE: c.DATABASE_POOL_SIZE ?? defaultDatabasePoolSize(serverProcesses),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    uploadDir: path.resolve(REPO_ROOT, c.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    backupDir: path.resolve(REPO_ROOT, c.BACKUP_DIR),
    webDistDir: path.resolve(REPO_ROOT, c.WEB_DIST_DIR ?? 'apps/web/dist'),
    cookieSecure: c.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
  };
}
