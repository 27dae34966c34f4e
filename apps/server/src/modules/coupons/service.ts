import { randomBytes } from 'node:crypto';
import {
  chargeAtRate,
  displayMoney,
  formatMoney,
  parseMoney,
  type TCreateCampaignRequest,
  type TLanguage,
  type TMoney,
  type TUserCoupon,
  V,
} from '@caravan/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { couponCampaigns, userCoupons, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { enqueueMail } from '../mail';

type TCampaignRow = typeof couponCampaigns.$inferSelect;
type TUserCouponRow = typeof userCoupons.$inferSelect;

const DAY_MS = 86_400_000;

function newCouponCode(prefix: string): string {
  // 10 characters of an unambiguous alphabet: about 2^50 codes, not guessable in practice.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `${prefix}-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

function couponValidUntil(campaign: TCampaignRow, now: Date): Date {
  if (!campaign.validDays) {
    return campaign.validUntil;
  }
  return new Date(Math.min(campaign.validUntil.getTime(), now.getTime() + campaign.validDays * DAY_MS));
}

/**
 * Takes one coupon from a campaign's stock: a conditional update, so two claims racing for the last
 * coupon cannot both succeed (the second re-reads the row after the first commits).
 */
async function takeFromStock(tx: Executor, campaignId: bigint): Promise<TCampaignRow> {
  const [taken] = await tx
    .update(couponCampaigns)
    .set({ issuedCount: sql`${couponCampaigns.issuedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(couponCampaigns.id, campaignId),
        eq(couponCampaigns.status, 'active'),
        sql`(${couponCampaigns.stock} is null or ${couponCampaigns.issuedCount} < ${couponCampaigns.stock})`,
      ),
    )
    .returning();
  if (!taken) {
    throw new AppError('COUPON_OUT_OF_STOCK');
  }
  return taken;
}

function assertCampaignOpen(campaign: TCampaignRow, now: Date) {
  if (campaign.status !== 'active') {
    throw new AppError('COUPON_STOPPED');
  }
  if (campaign.validUntil.getTime() <= now.getTime()) {
    throw new AppError('COUPON_EXPIRED');
  }
}

/** A welcome campaign that hands out coupons now: active, not ended, stock left. */
const isRunningWelcome = () =>
  and(
    eq(couponCampaigns.isWelcome, true),
    eq(couponCampaigns.status, 'active'),
    sql`${couponCampaigns.validUntil} > now()`,
    sql`(${couponCampaigns.stock} is null or ${couponCampaigns.issuedCount} < ${couponCampaigns.stock})`,
  );

/**
 * Locks the buyer's account row and tells whether it holds or ever held a welcome coupon (used, expired or
 * available, from any welcome campaign). The lock makes two welcome claims of one account wait for each other on
 * PostgreSQL, so they cannot both pass the check (QA buyer #4: one account collected codes mailed to many addresses).
 */
async function lockAndHasWelcomeCoupon(tx: Executor, userId: bigint): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [held] = await tx
    .select({ id: userCoupons.id })
    .from(userCoupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, userCoupons.campaignId))
    .where(and(eq(userCoupons.userId, userId), eq(couponCampaigns.isWelcome, true)))
    .limit(1);
  return held !== undefined;
}

/**
 * Subscription: one welcome coupon for the e-mail, mailed in the subscriber's language, in the
 * subscription's transaction. No active welcome campaign, or a logged-in subscriber whose account already has a
 * welcome coupon: nothing is issued (null).
 */
export async function issueWelcomeCoupon(
  tx: Executor,
  input: {
    email: string;
    userId?: bigint | null | undefined;
    lang: TLanguage;
    now?: Date;
    /** The subscription's unsubscribe link: in the text and as the mail's List-Unsubscribe headers. */
    unsubscribe?: { url: string; headers: Record<string, string> };
  },
): Promise<string | null> {
  const now = input.now ?? new Date();
  const [campaign] = await tx
    .select()
    .from(couponCampaigns)
    .where(isRunningWelcome())
    .orderBy(desc(couponCampaigns.id))
    .limit(1);
  if (!campaign) {
    return null;
  }
  if (input.userId && (await lockAndHasWelcomeCoupon(tx, input.userId))) {
    return null;
  }
  const taken = await takeFromStock(tx, campaign.id);
  const code = newCouponCode('WELCOME');
  const validUntil = couponValidUntil(taken, now);
  await tx.insert(userCoupons).values({
    campaignId: taken.id,
    code,
    userId: input.userId ?? null,
    email: input.email,
    validUntil,
    claimedAt: input.userId ? now : null,
  });
  await enqueueMail(tx, {
    to: input.email,
    template: input.userId ? 'welcomeCouponInAccount' : 'welcomeCoupon',
    lang: input.lang,
    params: {
      code,
      value: taken.kind === 'amount' ? `${displayMoney(taken.amountOff)} USDT` : `${taken.percentOff}%`,
      minSpend: displayMoney(taken.minSpend),
      validUntil: validUntil.toISOString().slice(0, 10),
      ...(input.unsubscribe ? { unsubscribeUrl: input.unsubscribe.url } : {}),
    },
    ...(input.unsubscribe ? { headers: input.unsubscribe.headers } : {}),
  });
  return code;
}

/**
 * Adds a coupon to the user's account by code: a mailed welcome code (not yet in any account) or a
 * campaign's claim code (a new coupon within the per-user limit and the stock).
 */
export async function claimCoupon(db: Database, userId: bigint, rawCode: string, now = new Date()) {
  const code = rawCode.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [issued] = await tx.select().from(userCoupons).where(eq(userCoupons.code, code)).limit(1);
    if (issued) {
      if (issued.userId === userId) {
        throw new AppError('COUPON_ALREADY_CLAIMED');
      }
      if (issued.userId !== null) {
        throw new AppError('COUPON_NOT_FOUND');
      }
      if (issued.validUntil.getTime() <= now.getTime()) {
        throw new AppError('COUPON_EXPIRED');
      }
      const [campaign] = await tx
        .select({ isWelcome: couponCampaigns.isWelcome })
        .from(couponCampaigns)
        .where(eq(couponCampaigns.id, issued.campaignId))
        .limit(1);
      if (campaign?.isWelcome && (await lockAndHasWelcomeCoupon(tx, userId))) {
        throw new AppError('WELCOME_COUPON_ALREADY_HELD');
      }
      const [claimed] = await tx
        .update(userCoupons)
        .set({ userId, claimedAt: now, updatedAt: now })
        .where(and(eq(userCoupons.id, issued.id), isNull(userCoupons.userId)))
        .returning();
      if (!claimed) {
        throw new AppError('COUPON_NOT_FOUND');
      }
      return claimed;
    }
    const [campaign] = await tx
      .select()
      .from(couponCampaigns)
      .where(sql`upper(${couponCampaigns.claimCode}) = ${code}`)
      .limit(1);
    if (!campaign) {
      throw new AppError('COUPON_NOT_FOUND');
    }
    assertCampaignOpen(campaign, now);
    if (campaign.validFrom.getTime() > now.getTime()) {
      throw new AppError('COUPON_NOT_STARTED');
    }
    // Serialises one user's claims of one campaign, so the per-user limit holds under concurrency.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`coupon:${campaign.id}:${userId}`}, 0))`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(userCoupons)
      .where(and(eq(userCoupons.campaignId, campaign.id), eq(userCoupons.userId, userId)));
    if (Number(held?.n ?? 0) >= campaign.perUserLimit) {
      throw new AppError('COUPON_LIMIT_REACHED');
    }
    const taken = await takeFromStock(tx, campaign.id);
    const [row] = await tx
      .insert(userCoupons)
      .values({
        campaignId: taken.id,
        code: newCouponCode('C'),
        userId,
        validUntil: couponValidUntil(taken, now),
        claimedAt: now,
      })
      .returning();
    return row!;
  });
}

function present(row: TUserCouponRow, campaign: TCampaignRow, now: Date): TUserCoupon {
  const isExpired = row.status === 'available' && row.validUntil.getTime() <= now.getTime();
  // A stopped campaign's coupons are refused at checkout (COUPON_STOPPED): they showed as usable and were offered.
  const isStopped = row.status === 'available' && campaign.status !== 'active';
  return {
    id: row.id.toString(),
    code: row.code,
    name: campaign.name,
    kind: campaign.kind,
    amountOff: formatMoney(campaign.amountOff),
    percentOff: campaign.percentOff,
    minSpend: formatMoney(campaign.minSpend),
    validUntil: row.validUntil.toISOString(),
    status: isStopped ? 'stopped' : isExpired ? 'expired' : row.status,
    orderId: row.orderId?.toString() ?? null,
  };
}

/** The coupons in a user's account: usable first (soonest to expire first), then used, expired and stopped. */
export async function listUserCoupons(
  db: Executor,
  userId: bigint,
  now = new Date(),
): Promise<TUserCoupon[]> {
  const rows = await db
    .select({ coupon: userCoupons, campaign: couponCampaigns })
    .from(userCoupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, userCoupons.campaignId))
    .where(eq(userCoupons.userId, userId))
    .orderBy(asc(userCoupons.validUntil))
    .limit(200);
  const list = rows.map((r) => present(r.coupon, r.campaign, now));
  const rank = { available: 0, used: 1, expired: 2, stopped: 2 } as const;
  return list.sort((a, b) => rank[a.status] - rank[b.status]);
}

export type TCouponChoice = { storeId: bigint; couponId: bigint };
export type TAppliedCoupon = { couponId: bigint; campaignId: bigint; discount: TMoney };

/**
 * The discount of one coupon on one seller's goods amount, after checking that the coupon is the buyer's,
 * unused, valid now and that the goods reach the minimum spend. Reads only; `useCoupon` takes it.
 */
export async function priceCoupon(
  db: Executor,
  input: { userId: bigint; couponId: bigint; goodsAmount: TMoney; now?: Date },
): Promise<TAppliedCoupon> {
  const now = input.now ?? new Date();
  // Every refusal names the coupon: the checkout drops it from the order and shows the amounts without it.
  const about = { couponId: String(input.couponId) };
  const [found] = await db
    .select({ coupon: userCoupons, campaign: couponCampaigns })
    .from(userCoupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, userCoupons.campaignId))
    .where(and(eq(userCoupons.id, input.couponId), eq(userCoupons.userId, input.userId)))
    .limit(1);
  if (!found) {
    throw new AppError('COUPON_NOT_FOUND', about);
  }
  const { coupon, campaign } = found;
  if (coupon.status !== 'available') {
    throw new AppError('COUPON_USED', about);
  }
  if (campaign.status !== 'active') {
    throw new AppError('COUPON_STOPPED', about);
  }
  if (campaign.validFrom.getTime() > now.getTime()) {
    throw new AppError('COUPON_NOT_STARTED', about);
  }
  if (coupon.validUntil.getTime() <= now.getTime()) {
    throw new AppError('COUPON_EXPIRED', about);
  }
  if (input.goodsAmount < campaign.minSpend) {
    throw new AppError(
      'COUPON_MIN_SPEND',
      { ...about, minSpend: formatMoney(campaign.minSpend) },
      { minSpend: displayMoney(campaign.minSpend) },
    );
  }
  const raw =
    campaign.kind === 'amount'
      ? campaign.amountOff
      : chargeAtRate(input.goodsAmount, (campaign.percentOff / 100).toFixed(2));
  // biome-ignore lint/complexity/useMathMinMax: money is bigint minor units, which Math.min does not take.
  const discount = raw > input.goodsAmount ? input.goodsAmount : raw;
  return { couponId: coupon.id, campaignId: campaign.id, discount };
}

/**
 * Marks the coupon used by the order inside the checkout's transaction. Conditional on its still being
 * available: of two orders using one coupon at once, the second waits for the first and then finds it
 * used (COUPON_USED), and its whole checkout rolls back.
 */
export async function useCoupon(tx: Executor, applied: TAppliedCoupon, orderId: bigint, userId: bigint) {
  const [used] = await tx
    .update(userCoupons)
    .set({ status: 'used', orderId, usedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(userCoupons.id, applied.couponId),
        eq(userCoupons.userId, userId),
        eq(userCoupons.status, 'available'),
      ),
    )
    .returning({ id: userCoupons.id });
  if (!used) {
    throw new AppError('COUPON_USED', { couponId: String(applied.couponId) });
  }
  await tx
    .update(couponCampaigns)
    .set({ usedCount: sql`${couponCampaigns.usedCount} + 1` })
    .where(eq(couponCampaigns.id, applied.campaignId));
}

/** A cancelled or fully refunded order gives its coupon back, if the coupon is still valid. */
export async function returnOrderCoupon(tx: Executor, orderId: bigint): Promise<void> {
  const returned = await tx
    .update(userCoupons)
    .set({ status: 'available', orderId: null, usedAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(userCoupons.orderId, orderId),
        eq(userCoupons.status, 'used'),
        sql`${userCoupons.validUntil} > now()`,
      ),
    )
    .returning({ campaignId: userCoupons.campaignId });
  const ids = returned.map((r) => r.campaignId);
  if (ids.length > 0) {
    await tx
      .update(couponCampaigns)
      .set({ usedCount: sql`greatest(${couponCampaigns.usedCount} - 1, 0)` })
      .where(inArray(couponCampaigns.id, ids));
  }
}

export async function createCampaign(tx: Executor, staffId: bigint, input: TCreateCampaignRequest) {
  if (input.isWelcome) {
    await assertNoRunningWelcome(tx);
  }
  if (input.claimCode) {
    // Checked first so the answer is a field error rather than a failed insert; the unique index still
    // decides a race, caught below.
    const [clash] = await tx
      .select({ id: couponCampaigns.id })
      .from(couponCampaigns)
      .where(sql`upper(${couponCampaigns.claimCode}) = upper(${input.claimCode})`)
      .limit(1);
    if (clash) {
      throw claimCodeTaken();
    }
  }
  const [row] = await tx
    .insert(couponCampaigns)
    .values({
      name: input.name,
      claimCode: input.claimCode ?? null,
      kind: input.kind,
      amountOff: input.kind === 'amount' ? parseMoney(input.amountOff ?? '0') : 0n,
      percentOff: input.kind === 'percent' ? Number(input.percentOff ?? 0) : 0,
      minSpend: parseMoney(input.minSpend),
      validFrom: input.validFrom ? new Date(input.validFrom) : new Date(),
      validUntil: new Date(input.validUntil),
      validDays: input.validDays === undefined ? null : Number(input.validDays),
      perUserLimit: Number(input.perUserLimit),
      stock: input.stock === undefined ? null : Number(input.stock),
      isWelcome: input.isWelcome ?? false,
      createdByStaffId: staffId,
    })
    .returning()
    .catch((error: unknown) => {
      throw uniqueViolation(error) === 'coupon_campaigns_claim_code_key' ? claimCodeTaken() : error;
    });
  return row!;
}

/**
 * Subscribers get one welcome coupon, from the newest running welcome campaign: a second one silently replaced the
 * first. Refused instead, naming the running one, until it is stopped. The lock makes two creations at once wait
 * for each other on PostgreSQL.
 */
async function assertNoRunningWelcome(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('coupon:welcome', 0))`);
  const [running] = await tx
    .select({ id: couponCampaigns.id, name: couponCampaigns.name })
    .from(couponCampaigns)
    .where(isRunningWelcome())
    .limit(1);
  if (running) {
    throw new AppError(
      'WELCOME_CAMPAIGN_RUNNING',
      { campaignId: String(running.id) },
      { name: running.name },
    );
  }
}

function claimCodeTaken() {
  return new AppError('VALIDATION_FAILED', { fields: [{ field: 'claimCode', message: V.couponCodeTaken }] });
}

export async function stopCampaign(tx: Executor, campaignId: bigint) {
  const [before] = await tx.select().from(couponCampaigns).where(eq(couponCampaigns.id, campaignId)).limit(1);
  if (!before) {
    throw new AppError('CAMPAIGN_NOT_FOUND');
  }
  const [after] = await tx
    .update(couponCampaigns)
    .set({ status: 'stopped', updatedAt: sql`now()` })
    .where(eq(couponCampaigns.id, campaignId))
    .returning();
  return { before, after: after! };
}

export async function listCampaigns(db: Executor, page: { pageNum: number; pageSize: number }) {
  const rows = await db
    .select({
      campaign: couponCampaigns,
      discountTotal: sql<string>`coalesce((select sum(o.discount) from user_coupons uc join orders o on o.id = uc.order_id
        where uc.campaign_id = coupon_campaigns.id and uc.status = 'used'), 0)::text`,
    })
    .from(couponCampaigns)
    .orderBy(desc(couponCampaigns.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(couponCampaigns);
  return {
    pageList: rows.map(({ campaign: c, discountTotal }) => ({
      id: c.id.toString(),
      name: c.name,
      claimCode: c.claimCode,
      kind: c.kind,
      amountOff: formatMoney(c.amountOff),
      percentOff: c.percentOff,
      minSpend: formatMoney(c.minSpend),
      validFrom: c.validFrom.toISOString(),
      validUntil: c.validUntil.toISOString(),
      validDays: c.validDays,
      perUserLimit: c.perUserLimit,
      stock: c.stock,
      issuedCount: c.issuedCount,
      usedCount: c.usedCount,
      discountTotal: formatMoney(parseMoney(discountTotal)),
      isWelcome: c.isWelcome,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
    })),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export { present as presentUserCoupon };
