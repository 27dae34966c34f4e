import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, openPostgres } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedBasics, seedDemo } from './db/seed';
import { assertDemoPasswordsChanged, DemoPasswordsError } from './db/seed/demo-passwords';
import { preloadServerBuild } from './http/ssr';
import { startJobs } from './jobs';
import { markDraining } from './modules/health';
import { createSmtpSender, startMailWorker } from './modules/mail';
import { isSupervisor, superviseWorkers, workerNumber } from './server-processes';

async function main() {
  const config = loadConfig();
  if (isSupervisor(config)) {
    // SERVER_PROCESSES > 1: this process only starts and stops the workers, which each run the rest of main.
    await superviseWorkers(config);
  }
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
  }
  mkdirSync(config.uploadDir, { recursive: true });

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const replica = config.DATABASE_READ_URL
    ? openPostgres(config.DATABASE_READ_URL, config.DATABASE_POOL_SIZE)
    : undefined;
  await migrateDatabase(database);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, keyPrefix: config.REDIS_KEY_PREFIX })
    : undefined;

  const worker = workerNumber();
  const app = await buildApp(
    {
      config,
      db: database.db,
      readDb: replica?.db ?? database.db,
      database,
      redis,
    },
    // One of SERVER_PROCESSES: every log line says which worker wrote it.
    worker === undefined
      ? {}
      : { logger: { level: config.LOG_LEVEL, base: { pid: process.pid, hostname: os.hostname(), worker } } },
  );
  const baseUrl = config.PUBLIC_URL.replace(/\/$/, '');
  if (config.SEED_DEMO) {
    await seedDemo(database.db, (message) => console.log(message), baseUrl, config.uploadDir);
  } else {
    await seedBasics(database.db);
  }
  // A public (https) site must not keep the demo passwords the README publishes.
  await assertDemoPasswordsChanged(database.db, config);
  const jobs = config.RUN_JOBS ? startJobs(app) : undefined;
  // Without SMTP_URL mail stays in the outbox, readable in /admin.
  const smtp = config.SMTP_URL ? createSmtpSender(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const mailWorker =
    smtp && config.RUN_JOBS
      ? startMailWorker({
          db: database.db,
          sendEmail: smtp,
          onError: (err) => app.log.error({ err }, 'mail worker failed'),
        })
      : undefined;

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) {
      return;
    }
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    // Drain: /api/ready says 503 at once; app.close() stops accepting connections and waits for the requests
    // in flight (their transactions commit or roll back inside them); running jobs finish; then the
    // database closes. A drain that hangs ends the process anyway after SHUTDOWN_TIMEOUT_MS.
    markDraining(app);
    const deadline = setTimeout(() => {
      app.log.error('shutdown timed out: exiting with work in flight');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    await Promise.all([app.close(), jobs?.stop(), mailWorker?.stop()]);
    smtp?.close();
    await replica?.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.SERVE_WEB) {
    await preloadServerBuild(config.webDistDir);
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Caravan is serving ${baseUrl} on ${database.kind}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DemoPasswordsError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
