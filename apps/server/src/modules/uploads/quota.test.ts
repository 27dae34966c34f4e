import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadUsage } from '../../db/schema';
import { createTestStaff, createTestUser } from '../../testing/fixtures';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createAppPairOnRedis, createTestApp, json, type TTestContext } from '../../testing/test-app';

type TError = { error: { code: string; message: string } };

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

let colour = 0;
/** A small PNG, a new picture each call; `noisy` makes one of about 600 KB that PNG cannot compress. */
async function picture(noisy = false): Promise<Buffer> {
  colour += 1;
  const create = {
    width: noisy ? 480 : 32,
    height: noisy ? 400 : 24,
    channels: 3 as const,
    background: { r: colour % 256, g: (colour * 3) % 256, b: 90 },
    ...(noisy ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
  };
  return sharp({ create }).png({ compressionLevel: 0 }).toBuffer();
}

function upload(app: FastifyInstance, token: string, image: Buffer, lang = 'en') {
  const body = buildMultipart(image, 'picture.png', 'image/png');
  return app.inject({
    method: 'POST',
    url: `/api/v1/uploads?lang=${lang}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

function legacyUpload(app: FastifyInstance, token: string, image: Buffer) {
  const body = buildMultipart(image, 'picture.png', 'image/png');
  return app.inject({
    method: 'POST',
    url: '/api/uploadimg!execute.action',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

/** Issue 10, defect 8: uploads have a per-person rate and a daily quota of pictures and bytes. */
describe('upload rate and daily quota', () => {
  let ctx: TTestContext;
  let adminToken = '';

  const setSetting = async (code: string, value: string) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/system-params/${code}`,
      headers: bearer(adminToken),
      payload: { value },
    });
    expect(res.statusCode, `${code}=${value}: ${res.body}`).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'caravan-quota-')) });
    adminToken = (await createTestStaff(ctx.database.db, ['settings.manage'])).token;
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await setSetting('upload_per_minute', '600');
    await setSetting('upload_daily_count', '500');
    await setSetting('upload_daily_mb', '1000');
  });

  it('refuses limits outside their declared ranges', async () => {
    // Out of range, or not a whole number at all (then the rule is said, not the range).
    for (const [code, value, error] of [
      ['upload_per_minute', '0', 'SETTING_OUT_OF_RANGE'],
      ['upload_per_minute', '601', 'SETTING_OUT_OF_RANGE'],
      ['upload_daily_count', '-5', 'SETTING_OUT_OF_RANGE'],
      ['upload_daily_mb', '1.5', 'SETTING_INVALID'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/system-params/${code}`,
        headers: bearer(adminToken),
        payload: { value },
      });
      expect(res.statusCode, `${code}=${value}`).toBe(400);
      expect(json<TError>(res).error.code, `${code}=${value}`).toBe(error);
    }
  });

  it('limits pictures per person per minute across the v1 and legacy calls, with a localised 429', async () => {
    await setSetting('upload_per_minute', '2');
    const user = await createTestUser(ctx.database.db);
    const other = await createTestUser(ctx.database.db);
    expect((await upload(ctx.app, user.token, await picture())).statusCode).toBe(200);
    expect(json(await legacyUpload(ctx.app, user.token, await picture()))).toMatchObject({ code: 0 });
    const refused = await upload(ctx.app, user.token, await picture(), 'de');
    expect(refused.statusCode).toBe(429);
    expect(json<TError>(refused).error).toEqual(
      expect.objectContaining({
        code: 'UPLOAD_TOO_FREQUENT',
        message: 'Zu viele Uploads in kurzer Zeit, bitte warten Sie eine Minute und versuchen Sie es erneut',
      }),
    );
    const legacyRefused = json<{ code: string; msg: string }>(
      await legacyUpload(ctx.app, user.token, await picture()),
    );
    expect(legacyRefused).toMatchObject({
      code: 1,
      msg: 'Too many uploads in a short time, please wait a minute and try again',
    });
    // Another person has a bucket of their own.
    expect((await upload(ctx.app, other.token, await picture())).statusCode).toBe(200);
  });

  it('stops at the daily count with 429, and a refused picture (not an image) costs nothing', async () => {
    await setSetting('upload_daily_count', '2');
    const user = await createTestUser(ctx.database.db);
    const notImage = await upload(ctx.app, user.token, Buffer.from('plain text, not a picture at all'));
    expect(notImage.statusCode).toBe(415);
    expect((await upload(ctx.app, user.token, await picture())).statusCode).toBe(200);
    expect((await upload(ctx.app, user.token, await picture())).statusCode).toBe(200);
    const refused = await upload(ctx.app, user.token, await picture(), 'fr');
    expect(refused.statusCode).toBe(429);
    expect(json<TError>(refused).error).toEqual(
      expect.objectContaining({
        code: 'UPLOAD_DAILY_COUNT_EXCEEDED',
        message: "Vous avez atteint la limite de 2 envois pour aujourd'hui, veuillez réessayer demain",
      }),
    );
    const [usage] = await ctx.database.db
      .select()
      .from(uploadUsage)
      .where(
        and(
          eq(uploadUsage.owner, `user:${user.id}`),
          eq(uploadUsage.day, new Date().toISOString().slice(0, 10)),
        ),
      );
    expect(usage?.count).toBe(2);
    // Tomorrow is a new day: the count is per UTC day (yesterday's row stays until pruned).
    await ctx.database.db
      .update(uploadUsage)
      .set({ day: '2000-01-01' })
      .where(eq(uploadUsage.owner, `user:${user.id}`));
    expect((await upload(ctx.app, user.token, await picture())).statusCode).toBe(200);
  });

  it('stops at the daily bytes with 413 naming the limit', async () => {
    await setSetting('upload_daily_mb', '1');
    const user = await createTestUser(ctx.database.db);
    const big = await picture(true);
    expect(big.length).toBeGreaterThan(512 * 1024);
    expect(big.length).toBeLessThan(1024 * 1024);
    expect((await upload(ctx.app, user.token, big)).statusCode).toBe(200);
    const refused = await upload(ctx.app, user.token, await picture(true));
    expect(refused.statusCode).toBe(413);
    expect(json<TError>(refused).error).toEqual(
      expect.objectContaining({
        code: 'UPLOAD_DAILY_BYTES_EXCEEDED',
        message: "This upload would pass today's upload limit of 1 MB, please try again tomorrow",
      }),
    );
    // A small picture still fits in what is left of the day.
    expect((await upload(ctx.app, user.token, await picture())).statusCode).toBe(200);
  });

  it('lets exactly the daily count through when uploads race', async () => {
    await setSetting('upload_daily_count', '3');
    const user = await createTestUser(ctx.database.db);
    const images = await Promise.all(Array.from({ length: 8 }, () => picture()));
    const statuses = (await Promise.all(images.map((image) => upload(ctx.app, user.token, image)))).map(
      (res) => res.statusCode,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('counts the per-minute rate in Redis, so two server processes share one bucket', async () => {
    await setSetting('upload_per_minute', '3');
    // This run's own key prefix: a key left by an earlier run (or another file) with the same user id would
    // count against this one.
    const keyPrefix = `caravan-test-${randomBytes(4).toString('hex')}:`;
    const pair = await createAppPairOnRedis(ctx.database, {
      UPLOAD_DIR: ctx.app.deps.config.uploadDir,
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
    });
    const [appA, appB] = pair.apps;
    const redisA = appA.deps.redis!;
    try {
      const user = await createTestUser(ctx.database.db);
      expect((await upload(appA, user.token, await picture())).statusCode).toBe(200);
      expect((await upload(appB, user.token, await picture())).statusCode).toBe(200);
      expect((await upload(appA, user.token, await picture())).statusCode).toBe(200);
      const refused = await upload(appB, user.token, await picture());
      expect(refused.statusCode).toBe(429);
      expect(json<TError>(refused).error.code).toBe('UPLOAD_TOO_FREQUENT');
      // The processes' client puts the installation's prefix before every key.
      expect(Number(await redisA.get(`rl:upload:user:${user.id}`))).toBe(4);
      expect(redisA.options.keyPrefix).toBe(keyPrefix);
      await redisA.del(`rl:upload:user:${user.id}`);
    } finally {
      await pair.close();
    }
  });
});
