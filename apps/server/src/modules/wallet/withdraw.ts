import { createHash, randomBytes } from 'node:crypto';
import {
  displayMoney,
  formatMoney,
  parseMoney,
  type TAdminWalletSort,
  type TAdminWithdrawal,
  type TListSort,
  type TSecondApprovalWaiting,
  type TWalletRecordStatus,
  type TWithdrawAddressResponse,
  type TWithdrawal,
  type TWithdrawFeeResponse,
  type TWithdrawLimitsResponse,
  type TWithdrawNetwork,
  WALLET_VALIDATION_KEYS,
} from '@caravan/contracts';
import { and, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users, walletChannels, withdrawAddresses, withdrawals, withdrawSessions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { verifyTxPassword } from '../account';
import { cancelWaitingApproval, describeFourEyes, passFourEyes } from '../approvals';
import { holdFunds, postLedgerTransaction, releaseHold, withMoneyTransaction } from '../ledger';
import { isValidAddress, normalizeTxHash } from './address-format';
import { orderAdminRecords, whereAdminRecords } from './admin-filters';
import { claimPending } from './pending';
import { displayNameSql } from './recharge';
import { findUserRecord, finishReview, listUserRecords, lockProcessingRecord } from './records';
import { computeWithdrawFee, getWithdrawSettings, isInTimeWindow, type TWithdrawSettings } from './settings';

export const WITHDRAW_SESSION_TTL_MS = 10 * 60_000;

type TWithdrawalRow = typeof withdrawals.$inferSelect;
type TWithdrawAddress = NonNullable<TWithdrawAddressResponse['address']>;

function toWithdrawal(row: TWithdrawalRow): TWithdrawal {
  return {
    id: String(row.id),
    network: row.network as TWithdrawNetwork,
    address: row.address,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    actualAmount: formatMoney(row.actualAmount),
    status: row.status,
    chainTxHash: row.chainTxHash,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function toWithdrawAddress(row: typeof withdrawAddresses.$inferSelect): TWithdrawAddress {
  return {
    network: row.network as TWithdrawNetwork,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findWithdrawAddress(db: Executor, userId: bigint) {
  const [row] = await db
    .select()
    .from(withdrawAddresses)
    .where(eq(withdrawAddresses.userId, userId))
    .limit(1);
  return row;
}

/** Binds the one withdrawal address; the format is checked for the network; a second bind is refused. */
export async function bindWithdrawAddress(
  db: Executor,
  input: { userId: bigint; network: TWithdrawNetwork; address: string },
) {
  if (!isValidAddress(input.network, input.address)) {
    // The field named too, so the form marks the address rather than only showing a message.
    throw new AppError('ADDRESS_FORMAT_INVALID', {
      fields: [{ field: 'address', message: WALLET_VALIDATION_KEYS.withdrawAddressFormat }],
    });
  }
  // A withdrawal to one of the platform's own deposit addresses would come back as somebody's deposit.
  const [platformAddress] = await db
    .select({ id: walletChannels.id })
    .from(walletChannels)
    .where(sql`lower(${walletChannels.depositAddress}) = lower(${input.address})`)
    .limit(1);
  if (platformAddress) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'address', message: WALLET_VALIDATION_KEYS.withdrawAddressIsPlatform }],
    });
  }
  const [row] = await db
    .insert(withdrawAddresses)
    .values(input)
    .onConflictDoNothing({ target: withdrawAddresses.userId })
    .returning();
  if (!row) {
    throw new AppError('WITHDRAW_ADDRESS_ALREADY_BOUND');
  }
  return toWithdrawAddress(row);
}

/** The bound withdrawal address in the API shape, or null when none is bound yet. */
export async function getWithdrawAddress(db: Executor, userId: bigint): Promise<TWithdrawAddress | null> {
  const row = await findWithdrawAddress(db, userId);
  return row ? toWithdrawAddress(row) : null;
}

async function countToday(db: Executor, userId: bigint, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gte(withdrawals.createdAt, startOfUtcDay(now)),
        inArray(withdrawals.status, ['processing', 'success']),
      ),
    );
  return row?.n ?? 0;
}

function assertAmountRules(settings: TWithdrawSettings, amount: bigint, fee: bigint) {
  if (amount < settings.min || amount - fee <= 0n) {
    throw new AppError('WITHDRAW_BELOW_MIN', undefined, { min: displayMoney(settings.min) });
  }
  if (amount > settings.max) {
    throw new AppError('WITHDRAW_ABOVE_MAX', undefined, { max: displayMoney(settings.max) });
  }
}

function assertTimeWindow(settings: TWithdrawSettings, now: Date) {
  if (!isInTimeWindow(settings.timeWindow, now)) {
    const [from, to] = settings.timeWindow.split('-');
    throw new AppError('WITHDRAW_OUTSIDE_TIME', undefined, { from: `${from} UTC`, to: `${to} UTC` });
  }
}

/**
 * What the withdraw page shows before submitting: fee (withdraw_fee), actual amount, limits; an amount outside the
 * limits is refused with the withdrawal's own errors (WITHDRAW_BELOW_MIN, WITHDRAW_ABOVE_MAX). A withdrawal always
 * goes out on the bound network, so the quote is that network's; `channel` previews another network's fee only
 * while none is bound, and naming a different one once bound is refused (its fee would not be the one charged).
 */
export async function quoteWithdrawFee(
  db: Executor,
  input: { userId: bigint; channel?: TWithdrawNetwork | undefined; amount: string; now?: Date },
): Promise<TWithdrawFeeResponse> {
  const bound = (await findWithdrawAddress(db, input.userId))?.network as TWithdrawNetwork | undefined;
  if (bound && input.channel && input.channel !== bound) {
    throw new AppError('WITHDRAW_NETWORK_NOT_BOUND', undefined, { network: bound, channel: input.channel });
  }
  const channel = bound ?? input.channel;
  if (!channel) {
    throw new AppError('WITHDRAW_ADDRESS_NOT_BOUND');
  }
  const settings = await getWithdrawSettings(db);
  const amount = parseMoney(input.amount);
  const fee = computeWithdrawFee(settings.fees[channel], amount);
  // Refused as the withdrawal would be: a quote of an amount that can never be withdrawn (0.01 receiving 0.00, or
  // more than the largest withdrawal) would mislead any client that does not check the limits itself.
  assertAmountRules(settings, amount, fee);
  return {
    channel,
    amount: formatMoney(amount),
    fee: formatMoney(fee),
    actualAmount: formatMoney(amount - fee),
    ...(await limitsOf(db, settings, input.userId, input.now ?? new Date())),
  };
}

async function limitsOf(
  db: Executor,
  settings: TWithdrawSettings,
  userId: bigint,
  now: Date,
): Promise<TWithdrawLimitsResponse> {
  return {
    minAmount: formatMoney(settings.min),
    maxAmount: formatMoney(settings.max),
    dailyCount: settings.dailyCount,
    usedToday: await countToday(db, userId, now),
    timeWindow: settings.timeWindow,
  };
}

/** The withdrawal limits and today's count, for a form to show before any amount is typed. */
export async function getWithdrawLimits(
  db: Executor,
  input: { userId: bigint; now?: Date },
): Promise<TWithdrawLimitsResponse> {
  return limitsOf(db, await getWithdrawSettings(db), input.userId, input.now ?? new Date());
}

/** A fresh one-time token the withdraw form fetches right before submitting (SPEC session_token). */
export async function createWithdrawSession(db: Executor, userId: bigint) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + WITHDRAW_SESSION_TTL_MS);
  await db.insert(withdrawSessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { sessionToken: token, expiresAt: expiresAt.toISOString() };
}

/**
 * A withdrawal application. The session token is spent first in its own statement (a replay, even a
 * concurrent one, finds it used), then the limits, the time window and the transaction password are
 * checked, then one transaction claims the user's pending slot, checks the daily count, records the
 * withdrawal and holds the amount (available -> held).
 */
export async function createWithdrawal(
  db: Database,
  input: { userId: bigint; sessionToken: string; amount: string; txPassword: string; now?: Date },
): Promise<TWithdrawal> {
  const now = input.now ?? new Date();
  const spent = await db
    .update(withdrawSessions)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(withdrawSessions.tokenHash, hashToken(input.sessionToken)),
        eq(withdrawSessions.userId, input.userId),
        isNull(withdrawSessions.usedAt),
        gt(withdrawSessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: withdrawSessions.id });
  if (spent.length === 0) {
    throw new AppError('SESSION_TOKEN_INVALID');
  }
  const address = await findWithdrawAddress(db, input.userId);
  if (!address) {
    throw new AppError('WITHDRAW_ADDRESS_NOT_BOUND');
  }
  const network = address.network as TWithdrawNetwork;
  const settings = await getWithdrawSettings(db);
  const amount = parseMoney(input.amount);
  const fee = computeWithdrawFee(settings.fees[network], amount);
  assertAmountRules(settings, amount, fee);
  assertTimeWindow(settings, now);
  await verifyTxPassword(db, input.userId, input.txPassword);

  return withMoneyTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: input.userId,
        network,
        address: address.address,
        amount,
        fee,
        actualAmount: amount - fee,
      })
      .returning();
    await claimPending(tx, { userId: input.userId, recordType: 'withdrawal', recordId: row!.id });
    if ((await countToday(tx, input.userId, now)) > settings.dailyCount) {
      throw new AppError('WITHDRAW_DAILY_COUNT');
    }
    const { transactionId } = await holdFunds(tx, {
      userId: input.userId,
      amount,
      idempotencyKey: `withdrawal:hold:${row!.id}`,
      reference: { type: 'withdrawal', id: row!.id },
    });
    const [held] = await tx
      .update(withdrawals)
      .set({ holdTransactionId: transactionId })
      .where(eq(withdrawals.id, row!.id))
      .returning();
    return toWithdrawal(held!);
  });
}

export async function listWithdrawals(
  db: Executor,
  input: { userId: bigint; pageNum: number; pageSize: number; status?: TWalletRecordStatus | undefined },
) {
  const { rows, total } = await listUserRecords(db, 'withdrawal', input);
  return { pageList: rows.map(toWithdrawal), pageNum: input.pageNum, pageSize: input.pageSize, total };
}

/** One withdrawal of the user; another user's id is not found. */
export async function getWithdrawal(
  db: Executor,
  input: { userId: bigint; id: bigint },
): Promise<TWithdrawal> {
  return toWithdrawal(await findUserRecord(db, 'withdrawal', input));
}

/**
 * Approval sends the money: held -> chain clearing (actual amount) and platform revenue (fee). Above the
 * four-eyes threshold the first approval only records itself and the money moves on the second.
 */
export async function approveWithdrawal(
  db: Database,
  input: { staffId: bigint; id: bigint; chainTxHash?: string | undefined },
): Promise<TWithdrawal & { secondApproval: TSecondApprovalWaiting }> {
  return withMoneyTransaction(db, async (tx) => {
    const row = await lockProcessingRecord(tx, 'withdrawal', input.id);
    const fourEyes = await passFourEyes(tx, {
      action: 'withdrawal',
      targetId: String(row.id),
      userId: row.userId,
      amount: row.amount,
      staffId: input.staffId,
    });
    if (!fourEyes.isPassed) {
      return { ...toWithdrawal(row), secondApproval: fourEyes.waiting };
    }
    const { transactionId } = await postLedgerTransaction(tx, {
      idempotencyKey: `withdrawal:settle:${row.id}`,
      kind: 'withdraw_settle',
      reference: { type: 'withdrawal', id: row.id },
      postings: [
        { account: { kind: 'user_held', userId: row.userId }, amount: -row.amount },
        { account: { kind: 'chain_clearing' }, amount: row.actualAmount },
        ...(row.fee > 0n ? [{ account: { kind: 'platform_revenue' as const }, amount: row.fee }] : []),
      ],
    });
    const reviewed = await finishReview(tx, 'withdrawal', row, {
      staffId: input.staffId,
      action: 'withdrawal.approve',
      changes: {
        status: 'success',
        chainTxHash: input.chainTxHash ? normalizeTxHash(input.chainTxHash) : null,
        settleTransactionId: transactionId,
      },
      details: {
        amount: formatMoney(row.amount),
        chainTxHash: input.chainTxHash ?? null,
        ledgerTransactionId: String(transactionId),
        ...(fourEyes.firstStaffId === null ? {} : { firstApproverStaffId: String(fourEyes.firstStaffId) }),
      },
    });
    return { ...toWithdrawal(reviewed), secondApproval: null };
  });
}

/** Rejection releases the held amount back to available. */
export async function rejectWithdrawal(
  db: Database,
  input: { staffId: bigint; id: bigint; reason: string },
): Promise<TWithdrawal> {
  return withMoneyTransaction(db, async (tx) => {
    const row = await lockProcessingRecord(tx, 'withdrawal', input.id);
    await cancelWaitingApproval(tx, {
      action: 'withdrawal',
      targetId: String(row.id),
      staffId: input.staffId,
    });
    const { transactionId } = await releaseHold(tx, {
      userId: row.userId,
      amount: row.amount,
      idempotencyKey: `withdrawal:release:${row.id}`,
      reference: { type: 'withdrawal', id: row.id },
    });
    const reviewed = await finishReview(tx, 'withdrawal', row, {
      staffId: input.staffId,
      action: 'withdrawal.reject',
      changes: { status: 'fail', reason: input.reason, settleTransactionId: transactionId },
      details: { amount: formatMoney(row.amount), reason: input.reason },
    });
    return toWithdrawal(reviewed);
  });
}

export async function listAdminWithdrawals(
  db: Executor,
  query: {
    pageNum: number;
    pageSize: number;
    status?: TWalletRecordStatus | undefined;
    userId?: string | undefined;
    channelCode?: string | undefined;
    createdFrom?: string | undefined;
    createdTo?: string | undefined;
  } & TListSort<TAdminWalletSort>,
) {
  const where = whereAdminRecords(
    {
      status: withdrawals.status,
      userId: withdrawals.userId,
      channel: withdrawals.network,
      createdAt: withdrawals.createdAt,
    },
    query,
  );
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select({ w: withdrawals, usercode: users.usercode, displayName: displayNameSql })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(
      ...orderAdminRecords(
        { id: withdrawals.id, createdAt: withdrawals.createdAt, actualAmount: withdrawals.actualAmount },
        query,
      ),
    )
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const fourEyes = await describeFourEyes(
    db,
    'withdrawal',
    rows.map(({ w }) => ({ id: String(w.id), amount: w.amount, isProcessing: w.status === 'processing' })),
  );
  const pageList: TAdminWithdrawal[] = rows.map(({ w, usercode, displayName }) => ({
    ...toWithdrawal(w),
    userId: String(w.userId),
    usercode,
    userDisplayName: displayName,
    reviewerId: w.reviewerStaffId === null ? null : String(w.reviewerStaffId),
    fourEyes: fourEyes.get(String(w.id)) ?? null,
  }));
  return { pageList, pageNum: query.pageNum, pageSize: query.pageSize, total: total?.n ?? 0 };
}
