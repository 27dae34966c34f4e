import { type TUploadSettingCode, UPLOAD_SETTINGS } from '@caravan/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { systemParams, uploadUsage } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { checkModuleRule, readPictureFormat } from './module-rules';
import { ownerKey, recordUpload, type TUploadOwner } from './owners';
import type { TUploadParts } from './read-upload';
import { storeImage } from './store-image';

export type TUploadLimits = { dailyCount: number; dailyBytes: number; perMinute: number };

const MB = 1024 * 1024;

/** The upload limits; a stored value outside its declared range counts as the default. */
export async function getUploadLimits(db: Executor): Promise<TUploadLimits> {
  const codes = Object.keys(UPLOAD_SETTINGS) as TUploadSettingCode[];
  const rows = await db
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(inArray(systemParams.code, codes));
  const stored = new Map(rows.map((row) => [row.code, row.value]));
  const read = (code: TUploadSettingCode): number => {
    const value = stored.get(code);
    const definition = UPLOAD_SETTINGS[code];
    return Number(
      value !== undefined && definition.schema.safeParse(value).success
        ? value.trim()
        : definition.defaultValue,
    );
  };
  return {
    dailyCount: read('upload_daily_count'),
    dailyBytes: read('upload_daily_mb') * MB,
    perMinute: read('upload_per_minute'),
  };
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/**
 * Takes one picture of `bytes` from the owner's daily quota, or refuses: 429 UPLOAD_DAILY_COUNT_EXCEEDED when
 * the day's pictures are used up, 413 UPLOAD_DAILY_BYTES_EXCEEDED when this one would pass the day's bytes.
 * One conditional upsert, so uploads racing on several processes never pass the limit together.
 */
export async function takeUploadQuota(
  db: Executor,
  owner: TUploadOwner,
  bytes: number,
  limits: TUploadLimits,
  now = new Date(),
): Promise<void> {
  const key = ownerKey(owner);
  const day = utcDay(now);
  if (bytes > limits.dailyBytes) {
    throw tooManyBytes(limits);
  }
  const taken = await db
    .insert(uploadUsage)
    .values({ owner: key, day, count: 1, bytes })
    .onConflictDoUpdate({
      target: [uploadUsage.owner, uploadUsage.day],
      set: {
        count: sql`${uploadUsage.count} + 1`,
        bytes: sql`${uploadUsage.bytes} + excluded.bytes`,
      },
      setWhere: sql`${uploadUsage.count} + 1 <= ${limits.dailyCount} and ${uploadUsage.bytes} + excluded.bytes <= ${limits.dailyBytes}`,
    })
    .returning({ count: uploadUsage.count });
  if (taken.length > 0) {
    return;
  }
  const [used] = await db
    .select({ count: uploadUsage.count })
    .from(uploadUsage)
    .where(and(eq(uploadUsage.owner, key), eq(uploadUsage.day, day)));
  if (used && used.count >= limits.dailyCount) {
    throw new AppError(
      'UPLOAD_DAILY_COUNT_EXCEEDED',
      { max: limits.dailyCount },
      { max: String(limits.dailyCount) },
    );
  }
  throw tooManyBytes(limits);
}

function tooManyBytes(limits: TUploadLimits): AppError {
  return new AppError(
    'UPLOAD_DAILY_BYTES_EXCEEDED',
    { max: limits.dailyBytes },
    { max: megabytes(limits.dailyBytes) },
  );
}

/** Gives back a picture whose processing failed (not an image, too large): a mistake costs no quota. */
async function returnUploadQuota(db: Executor, owner: TUploadOwner, bytes: number, now: Date): Promise<void> {
  await db
    .update(uploadUsage)
    .set({
      count: sql`greatest(${uploadUsage.count} - 1, 0)`,
      bytes: sql`greatest(${uploadUsage.bytes} - ${bytes}, 0)`,
    })
    .where(and(eq(uploadUsage.owner, ownerKey(owner)), eq(uploadUsage.day, utcDay(now))));
}

/** Deletes the counts of days before yesterday (only today's count is ever read). */
export async function pruneUploadUsage(db: Executor, now = new Date()): Promise<void> {
  const yesterday = utcDay(new Date(now.getTime() - 24 * 60 * 60_000));
  await db.delete(uploadUsage).where(lt(uploadUsage.day, yesterday));
}

/**
 * Pictures per owner per minute, counted in the shared counters (app.counters: Redis with REDIS_URL, so every
 * server process counts into one bucket). Refuses with 429 UPLOAD_TOO_FREQUENT.
 */
async function limitUploadRate(app: FastifyInstance, owner: TUploadOwner, perMinute: number): Promise<void> {
  const count = await app.counters.hit(`rl:upload:${ownerKey(owner)}`, 60_000);
  if (count > perMinute) {
    throw new AppError('UPLOAD_TOO_FREQUENT', { max: perMinute });
  }
}

/**
 * The one way a person's picture is stored (v1 uploads and legacy uploadimg, chat pictures among them): rate
 * limit, the module's own rule (module-rules.ts), daily quota, re-encoding, ownership record. A picture the
 * re-encoding refuses gives its quota back.
 */
export async function storeOwnUpload(
  app: FastifyInstance,
  owner: TUploadOwner,
  upload: TUploadParts,
): ReturnType<typeof storeImage> {
  const { db, config } = app.deps;
  const { buffer } = upload;
  const limits = await getUploadLimits(db);
  await limitUploadRate(app, owner, limits.perMinute);
  const original = { format: await readPictureFormat(buffer), bytes: buffer.length };
  await checkModuleRule(db, upload.moduleName, original);
  const now = new Date();
  await takeUploadQuota(db, owner, buffer.length, limits, now);
  try {
    const image = await storeImage(buffer, { uploadDir: config.uploadDir });
    // Image fields elsewhere accept only the uploader's own pictures (assertOwnUploads).
    await recordUpload(db, owner, image.url, original);
    return image;
  } catch (error) {
    await returnUploadQuota(db, owner, buffer.length, now);
    throw error;
  }
}
