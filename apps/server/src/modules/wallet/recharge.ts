import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CHANNEL_AMOUNT_MAX,
  CHANNEL_RATE_MAX,
  creditAtRate,
  displayMoney,
  formatMoney,
  multiplyMoney,
  parseMoney,
  RECHARGE_DECIMALS,
  type TAdminRecharge,
  type TAdminWalletListQuery,
  type TCreateRechargeRequest,
  type TRecharge,
  type TSecondApprovalWaiting,
  type TWalletRecordStatus,
} from '@caravan/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bankCards, recharges, users, walletChannels } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { cancelWaitingApproval, describeFourEyes, passFourEyes } from '../approvals';
import { postLedgerTransaction, withMoneyTransaction } from '../ledger';
import { assertOwnUploads } from '../uploads';
import { normalizeTxHash } from './address-format';
import { orderAdminRecords, whereAdminRecords } from './admin-filters';
import { depositFee, isChannelOpenIn } from './channels';
import { claimPending } from './pending';
import { findUserRecord, finishReview, listUserRecords, lockProcessingRecord } from './records';

/** The most USDT one deposit can credit: a channel's largest limit at its largest rate (contracts' CHANNEL_ limits). */
const DEPOSIT_USDT_MAX = parseMoney(String(CHANNEL_AMOUNT_MAX * CHANNEL_RATE_MAX));

type TRechargeRow = typeof recharges.$inferSelect;

export function maskCard(card: string | null): string | null {
  return card ? `**** ${card.slice(-4)}` : null;
}

function toRecharge(row: TRechargeRow): TRecharge {
  return {
    id: String(row.id),
    channelCode: row.channelCode,
    kind: row.kind,
    currency: row.currency,
    network: row.network,
    depositAddress: row.depositAddress,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    rateToUsdt: formatMoney(row.rateToUsdt),
    actualAmount: formatMoney(row.actualAmount),
    txHash: row.txHash,
    certificateUrl: row.certificateUrl,
    bankName: row.bankName,
    cardNumber: maskCard(row.cardNumber),
    status: row.status,
    reason: row.reason,
    expectedArrivalAt: row.expectedArrivalAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** An uploaded certificate must be a file our upload endpoint stored (it checked type and size). */
function assertUploadExists(uploadDir: string | undefined, url: string) {
  if (!uploadDir) {
    return;
  }
  const relative = url.replace(/^\/uploads\//, '');
  const file = path.resolve(uploadDir, relative);
  if (!file.startsWith(path.resolve(uploadDir) + path.sep) || !existsSync(file)) {
    throw new AppError('UPLOAD_FAILED', { field: 'certificateUrl' });
  }
}

/**
 * A buyer's recharge application: checked against the channel (open, region, min, max, required
 * fields), then recorded as "processing" together with the user's one pending-record marker. Nothing is
 * credited until a finance reviewer approves it.
 */
export async function createRecharge(
  db: Database,
  input: {
    userId: bigint;
    request: TCreateRechargeRequest;
    region: string | null;
    uploadDir?: string;
  },
): Promise<TRecharge> {
  const r = input.request;
  const [channel] = await db
    .select()
    .from(walletChannels)
    .where(eq(walletChannels.code, r.channelCode))
    .limit(1);
  if (!channel?.isOpen) {
    throw new AppError(channel ? 'CHANNEL_NOT_OPEN' : 'CURRENCY_REQUIRED');
  }
  if (!isChannelOpenIn(channel, input.region)) {
    throw new AppError('PAYMENT_METHOD_NOT_OPEN');
  }
  const amount = parseMoney(r.amount, RECHARGE_DECIMALS);
  if (amount < channel.minAmount) {
    throw new AppError('DEPOSIT_BELOW_MIN', undefined, {
      min: displayMoney(channel.minAmount),
      currency: channel.currency,
    });
  }
  if (amount > channel.maxAmount) {
    throw new AppError('DEPOSIT_ABOVE_MAX', undefined, {
      max: displayMoney(channel.maxAmount),
      currency: channel.currency,
    });
  }
  if (channel.kind === 'blockchain' && !r.txHash && !r.certificateUrl) {
    throw new AppError('PARAMETER_ERROR', { fields: [{ field: 'txHash' }, { field: 'certificateUrl' }] });
  }
  if (channel.kind === 'bank' && (!r.bankName || !r.cardNumber)) {
    throw new AppError('PARAMETER_ERROR', { fields: [{ field: 'bankName' }, { field: 'cardNumber' }] });
  }
  if (r.certificateUrl) {
    assertUploadExists(input.uploadDir, r.certificateUrl);
    // And it must be this buyer's own upload, not someone else's picture (issue 10).
    await assertOwnUploads(db, { userId: input.userId }, [r.certificateUrl]);
  }
  const fee = depositFee(channel, amount);
  const actualAmount = creditAtRate(amount - fee, formatMoney(channel.rateToUsdt, 0));
  if (actualAmount > DEPOSIT_USDT_MAX) {
    // Only a channel set up before its settings had upper bounds can get here: it takes no deposit until mended.
    throw new AppError('CHANNEL_NOT_OPEN');
  }
  if (actualAmount <= 0n) {
    throw new AppError('DEPOSIT_BELOW_MIN', undefined, {
      min: displayMoney(channel.minAmount),
      currency: channel.currency,
    });
  }
  const txHash = r.txHash ? normalizeTxHash(r.txHash) : null;
  const isBank = channel.kind === 'bank';

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recharges)
      .values({
        userId: input.userId,
        channelId: channel.id,
        channelCode: channel.code,
        kind: channel.kind,
        currency: channel.currency,
        network: channel.network,
        depositAddress: channel.depositAddress,
        amount,
        fee,
        rateToUsdt: channel.rateToUsdt,
        actualAmount,
        txHash,
        certificateUrl: r.certificateUrl ?? null,
        bankName: isBank ? (r.bankName ?? null) : null,
        cardNumber: isBank ? (r.cardNumber ?? null) : null,
        region: input.region,
        expectedArrivalAt: sql`now() + make_interval(mins => ${channel.arrivalMinutes})`,
      })
      .onConflictDoNothing({ target: recharges.txHash, where: sql`tx_hash is not null` })
      .returning();
    if (!row) {
      throw new AppError('TX_HASH_ALREADY_USED');
    }
    await claimPending(tx, { userId: input.userId, recordType: 'recharge', recordId: row.id });
    if (isBank && r.bankName && r.cardNumber) {
      await tx
        .insert(bankCards)
        .values({ userId: input.userId, bankName: r.bankName, cardNumber: r.cardNumber })
        .onConflictDoNothing();
    }
    return toRecharge(row);
  });
}

export async function listRecharges(
  db: Executor,
  input: { userId: bigint; pageNum: number; pageSize: number; status?: TWalletRecordStatus | undefined },
) {
  const { rows, total } = await listUserRecords(db, 'recharge', input);
  return { pageList: rows.map(toRecharge), pageNum: input.pageNum, pageSize: input.pageSize, total };
}

export async function getRecharge(db: Executor, input: { userId: bigint; id: bigint }): Promise<TRecharge> {
  return toRecharge(await findUserRecord(db, 'recharge', input));
}

/** Approval credits (amount - fee) x rate to the buyer: clearing -> user, the fee -> platform revenue. */
export async function approveRecharge(
  db: Database,
  input: { staffId: bigint; id: bigint },
): Promise<TRecharge & { secondApproval: TSecondApprovalWaiting }> {
  return withMoneyTransaction(db, async (tx) => {
    const row = await lockProcessingRecord(tx, 'recharge', input.id);
    const fourEyes = await passFourEyes(tx, {
      action: 'recharge',
      targetId: String(row.id),
      userId: row.userId,
      amount: row.actualAmount,
      staffId: input.staffId,
    });
    if (!fourEyes.isPassed) {
      return { ...toRecharge(row), secondApproval: fourEyes.waiting };
    }
    const gross = multiplyMoney(row.amount, formatMoney(row.rateToUsdt, 0));
    const feeUsdt = gross - row.actualAmount;
    const clearing = row.kind === 'blockchain' ? 'chain_clearing' : 'bank_clearing';
    const { transactionId } = await postLedgerTransaction(tx, {
      idempotencyKey: `recharge:credit:${row.id}`,
      kind: 'deposit',
      reference: { type: 'recharge', id: row.id },
      postings: [
        { account: { kind: clearing }, amount: -gross },
        { account: { kind: 'user_available', userId: row.userId }, amount: row.actualAmount },
        ...(feeUsdt > 0n ? [{ account: { kind: 'platform_revenue' as const }, amount: feeUsdt }] : []),
      ],
    });
    const reviewed = await finishReview(tx, 'recharge', row, {
      staffId: input.staffId,
      action: 'recharge.approve',
      changes: { status: 'success', ledgerTransactionId: transactionId },
      details: {
        actualAmount: formatMoney(row.actualAmount),
        ledgerTransactionId: String(transactionId),
        ...(fourEyes.firstStaffId === null ? {} : { firstApproverStaffId: String(fourEyes.firstStaffId) }),
      },
    });
    return { ...toRecharge(reviewed), secondApproval: null };
  });
}

export async function rejectRecharge(
  db: Database,
  input: { staffId: bigint; id: bigint; reason: string },
): Promise<TRecharge> {
  return db.transaction(async (tx) => {
    const row = await lockProcessingRecord(tx, 'recharge', input.id);
    await cancelWaitingApproval(tx, { action: 'recharge', targetId: String(row.id), staffId: input.staffId });
    const reviewed = await finishReview(tx, 'recharge', row, {
      staffId: input.staffId,
      action: 'recharge.reject',
      changes: { status: 'fail', reason: input.reason },
      details: { reason: input.reason },
    });
    return toRecharge(reviewed);
  });
}

export const displayNameSql = sql<string>`coalesce(${users.username}, ${users.email}, ${users.phone}, ${users.usercode})`;

export async function listAdminRecharges(
  db: Executor,
  query: Omit<TAdminWalletListQuery, 'pageNum' | 'pageSize' | 'userId'> & {
    pageNum: number;
    pageSize: number;
    userId?: string | undefined;
  },
) {
  const where = whereAdminRecords(
    {
      status: recharges.status,
      userId: recharges.userId,
      channel: recharges.channelCode,
      createdAt: recharges.createdAt,
    },
    query,
  );
  const [total] = await db.select({ n: count() }).from(recharges).where(where);
  const rows = await db
    .select({ r: recharges, usercode: users.usercode, displayName: displayNameSql })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .where(where)
    .orderBy(
      ...orderAdminRecords(
        { id: recharges.id, createdAt: recharges.createdAt, actualAmount: recharges.actualAmount },
        query,
      ),
    )
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  // The four-eyes gate weighs what the buyer is credited (approveRecharge), not the amount paid in.
  const fourEyes = await describeFourEyes(
    db,
    'recharge',
    rows.map(({ r }) => ({
      id: String(r.id),
      amount: r.actualAmount,
      isProcessing: r.status === 'processing',
    })),
  );
  const pageList: TAdminRecharge[] = rows.map(({ r, usercode, displayName }) => ({
    ...toRecharge(r),
    cardNumber: r.cardNumber,
    userId: String(r.userId),
    usercode,
    userDisplayName: displayName,
    reviewerId: r.reviewerStaffId === null ? null : String(r.reviewerStaffId),
    fourEyes: fourEyes.get(String(r.id)) ?? null,
  }));
  return { pageList, pageNum: query.pageNum, pageSize: query.pageSize, total: total?.n ?? 0 };
}
