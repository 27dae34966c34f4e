import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export type TMetrics = {
  registry: Registry;
  jobRuns: Counter<'job' | 'outcome'>;
  jobSeconds: Histogram<'job'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: TMetrics;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /metrics is not public: with METRICS_TOKEN set it needs `Authorization: Bearer <token>`; without, only
 * a request from this machine that no proxy forwarded (the socket is loopback and there is no
 * X-Forwarded-For), so a proxy on the same machine does not open it to the world.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

type TSlowRequest = { method: string; route: string; statusCode: number; elapsedMs: number };

/**
 * Warns of a request that took `thresholdMs` or longer (SLOW_REQUEST_LOG_MS). Only the route pattern is named, as in
 * the metrics: a URL may carry ids or tokens, and nothing secret goes into a log line.
 */
export function logSlowRequest(
  log: { warn(fields: object, message: string): void },
  request: TSlowRequest,
  thresholdMs: number,
): boolean {
  if (request.elapsedMs < thresholdMs) {
    return false;
  }
  const { method, route, statusCode, elapsedMs } = request;
  log.warn({ method, route, statusCode, ms: Math.round(elapsedMs) }, 'slow request');
  return true;
}

/** Prometheus metrics (prom-client): the process's defaults, HTTP requests by route, timed jobs. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'caravan_' });
  const requests = new Counter({
    name: 'caravan_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'caravan_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'caravan_job_runs_total',
    help: 'Timed job runs in this process, by job and outcome (ok, failed, skipped)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'caravan_job_duration_seconds',
    help: 'Duration of timed job runs in this process',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
    registers: [registry],
  });
  app.decorate('metrics', { registry, jobRuns, jobSeconds });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: ids and query strings would make endless label values.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    seconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    logSlowRequest(
      request.log,
      { method: request.method, route, statusCode: reply.statusCode, elapsedMs: reply.elapsedTime },
      app.deps.config.SLOW_REQUEST_LOG_MS,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, app.deps.config.METRICS_TOKEN)) {
      return reply.status(404).send('Not found');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
