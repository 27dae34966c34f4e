import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../../db/schema';
import { runJobOnce, startJobs, type TJob } from '../../jobs';
import { createTestStaff } from '../../testing/fixtures';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import { markDraining } from '../health';
import { logSlowRequest } from './metrics';

/** Issue 10, operations: health and readiness, metrics that are not public, timed jobs recorded and drained. */
describe('operations', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers /api/health (alive) and /api/ready (database and every migration), 503 once draining', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const body = json<{ status: string; migrations: { applied: number; expected: number } }>(ready);
    expect(body.status).toBe('ready');
    expect(body.migrations.expected).toBeGreaterThan(30);
    expect(body.migrations.applied).toBe(body.migrations.expected);
    const other = await createTestApp();
    try {
      markDraining(other.app);
      const draining = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(json(draining)).toMatchObject({ status: 'not-ready', reason: 'shutting down' });
    } finally {
      await other.close();
    }
  });

  it('serves Prometheus metrics only to this machine unproxied, or with METRICS_TOKEN', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const local = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain(
      'caravan_http_requests_total{method="GET",route="/api/health",status="200"}',
    );
    expect(local.body).toContain('caravan_process_cpu_user_seconds_total');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.9' })).statusCode,
    ).toBe(404);
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    const withToken = await createTestApp({ METRICS_TOKEN: 'a-long-metrics-token-0123' });
    try {
      const refused = await withToken.app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(404);
      const allowed = await withToken.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.0.0.9',
        headers: { authorization: 'Bearer a-long-metrics-token-0123' },
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await withToken.close();
    }
  });

  it('records each job run with start, end and outcome, once per period, and lists them for administrators', async () => {
    const db = ctx.database.db;
    let runs = 0;
    const job: TJob = {
      name: 'test-counting',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
      },
    };
    expect(await runJobOnce(ctx.app, job)).toBe('ok');
    // Another process (or timer) in the same period: skipped, so the job runs once.
    expect(await runJobOnce(ctx.app, job)).toBe('skipped');
    expect(runs).toBe(1);
    const failing: TJob = {
      name: 'test-failing',
      everyMs: 60_000,
      run: async () => {
        throw new Error('disk full');
      },
    };
    expect(await runJobOnce(ctx.app, failing)).toBe('failed');
    const rows = await db.select().from(jobRuns).where(eq(jobRuns.name, 'test-failing'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'failed', error: 'disk full' });
    expect(rows[0]!.finishedAt).not.toBeNull();
    const admin = await createTestStaff(db, ['settings.manage']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/jobs?name=test-counting',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(json<{ pageList: { outcome: string; durationMs: number }[]; total: number }>(list)).toMatchObject({
      total: 1,
      pageList: [{ outcome: 'ok' }],
    });
    // Part of a job's name, any case; LIKE wildcards in it are taken literally.
    const jobsNamed = async (name: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/jobs?name=${encodeURIComponent(name)}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ pageList: { name: string }[] }>(res)
        .pageList.map((r) => r.name)
        .sort();
    };
    expect(await jobsNamed('TEST-')).toEqual(['test-counting', 'test-failing']);
    expect(await jobsNamed('Fail')).toEqual(['test-failing']);
    expect(await jobsNamed('test_')).toEqual([]);
    expect(await jobsNamed('%')).toEqual([]);
    const support = await createTestStaff(db, ['chat.answer']);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/jobs',
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('stop() waits for the job runs in flight', async () => {
    let finished = false;
    const slow: TJob = {
      name: 'test-slow',
      everyMs: 30,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        finished = true;
      },
    };
    const jobs = startJobs(ctx.app, [slow]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await jobs.stop();
    expect(finished).toBe(true);
  });

  it('warns of a request as slow as SLOW_REQUEST_LOG_MS, naming its route pattern but never its URL', () => {
    const warnings: Array<{ fields: object; message: string }> = [];
    const log = { warn: (fields: object, message: string) => warnings.push({ fields, message }) };
    const request = { method: 'POST', route: '/api/v1/wallet/withdrawals', statusCode: 201 };
    expect(logSlowRequest(log, { ...request, elapsedMs: 4999.6 }, 5000)).toBe(false);
    expect(warnings).toEqual([]);
    expect(logSlowRequest(log, { ...request, elapsedMs: 5000.4 }, 5000)).toBe(true);
    expect(warnings).toEqual([
      {
        fields: { method: 'POST', route: '/api/v1/wallet/withdrawals', statusCode: 201, ms: 5000 },
        message: 'slow request',
      },
    ]);
  });
});
