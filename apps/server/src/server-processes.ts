import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { pino } from 'pino';
import type { Config } from './config';

/** A worker that dies this soon after the previous replacement waits before it is replaced (no tight loop). */
const RESTART_DELAY_MS = 1_000;
/** Past the workers' own SHUTDOWN_TIMEOUT_MS the supervisor stops waiting for them. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * SERVER_PROCESSES > 1 (issue 11, speed at scale): this process becomes a supervisor that opens no database
 * and serves nothing itself. It starts the workers with node:cluster, which share the port (on Linux the
 * supervisor accepts connections and hands them out in turn), so one machine's cores all render pages.
 *
 * - The first worker starts alone and the others once it listens: it runs the migrations and the first
 *   start's seed, which are then done for the rest.
 * - A worker that fails to start ends the whole start (exit 1) rather than being restarted in a loop; one
 *   that dies later is replaced.
 * - SIGTERM or SIGINT is passed to every worker, each drains as a single server does (main.ts), and the
 *   supervisor exits 0 once all have exited 0 (1 otherwise, or after SHUTDOWN_TIMEOUT_MS and a grace).
 * - Timed jobs run in every worker as they would in separate instances: each takes its PostgreSQL advisory
 *   lock and skips a period another already ran (jobs/index.ts).
 */
export function superviseWorkers(config: Config): Promise<never> {
  const log = pino({
    level: config.LOG_LEVEL,
    base: { pid: process.pid, hostname: os.hostname(), role: 'supervisor' },
  });
  const count = config.serverProcesses;
  let isShuttingDown = false;
  let isStarted = false;
  let listening = 0;
  let failures = 0;

  return new Promise<never>(() => {
    const finish = (code: number) => {
      log.flush();
      process.exit(code);
    };

    const fork = (): Worker => {
      const worker = cluster.fork();
      worker.once('listening', () => {
        listening++;
        if (!isStarted && listening === 1) {
          // Migrations and the seed are done: the other workers start together.
          for (let i = 1; i < count; i++) {
            fork();
          }
        }
        if (!isStarted && listening === count) {
          isStarted = true;
          log.info({ workers: count }, `serving with ${count} server processes`);
        }
      });
      return worker;
    };

    cluster.on('exit', (worker, code, signal) => {
      const live = Object.keys(cluster.workers ?? {}).length;
      if (isShuttingDown) {
        if (code !== 0) {
          failures++;
        }
        log.info({ worker: worker.id, code, signal }, 'worker stopped');
        if (live === 0) {
          finish(failures ? 1 : 0);
        }
        return;
      }
      if (!isStarted) {
        log.error({ worker: worker.id, code, signal }, 'a worker failed to start: stopping');
        stopAll('SIGTERM', 1);
        return;
      }
      log.error({ worker: worker.id, code, signal }, 'worker died: starting another');
      setTimeout(() => {
        if (!isShuttingDown) {
          fork();
        }
      }, RESTART_DELAY_MS).unref();
    });

    const stopAll = (signal: NodeJS.Signals, exitCode = 0) => {
      if (isShuttingDown) {
        return;
      }
      isShuttingDown = true;
      if (exitCode) {
        failures++;
      }
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      log.info({ signal, workers: workers.length }, 'shutting down: every worker drains');
      if (workers.length === 0) {
        finish(exitCode);
      }
      for (const worker of workers) {
        // The signal itself, not cluster's disconnect: each worker runs its own drain (main.ts).
        worker.process.kill(signal);
      }
      setTimeout(() => {
        log.error('workers did not stop in time: killing them');
        for (const worker of Object.values(cluster.workers ?? {})) {
          worker?.process.kill('SIGKILL');
        }
        finish(1);
      }, config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_GRACE_MS).unref();
    };

    process.on('SIGTERM', () => stopAll('SIGTERM'));
    process.on('SIGINT', () => stopAll('SIGINT'));
    fork();
  });
}

/** This process's worker number when it is one of SERVER_PROCESSES, for its log lines. */
export function workerNumber(): number | undefined {
  return cluster.isWorker ? cluster.worker?.id : undefined;
}

export function isSupervisor(config: Config): boolean {
  return config.serverProcesses > 1 && cluster.isPrimary;
}
