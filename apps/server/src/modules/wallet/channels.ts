import {
  formatMoney,
  messageWithValues,
  multiplyMoney,
  parseMoney,
  RECHARGE_DECIMALS,
  roundMoney,
  type TAdminChannel,
  type TUpdateChannelRequest,
  type TWalletChannel,
  type TWithdrawNetwork,
  V,
  WITHDRAW_NETWORKS,
} from '@caravan/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { walletChannels } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { isValidAddress } from './address-format';

type TChannelRow = typeof walletChannels.$inferSelect;

/** A deposit's fees in the channel's currency: the fixed fee and the rate of the amount, rounded up to its cents. */
export function depositFee(channel: Pick<TChannelRow, 'feeFixed' | 'feeRate'>, amount: bigint): bigint {
  return roundMoney(
    channel.feeFixed + multiplyMoney(amount, formatMoney(channel.feeRate, 0)),
    RECHARGE_DECIMALS,
    'up',
  );
}

/**
 * The buyer's region for channel availability: the `region` query or body field when given, else the
 * country part of the first Accept-Language tag that has one ("en-US" -> "US"), else unknown (null).
 * An unknown region sees every open channel; a region in a channel's closed_regions sees it as
 * unavailable and cannot use it (PAYMENT_METHOD_NOT_OPEN).
 */
export function resolveRegion(
  explicit: string | undefined,
  acceptLanguage: string | undefined,
): string | null {
  if (explicit) {
    return explicit.toUpperCase();
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const match = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})$/.exec(tag);
    if (match?.[1]) {
      return match[1].toUpperCase();
    }
  }
  return null;
}

export function isWithdrawNetwork(code: string): code is TWithdrawNetwork {
  return (WITHDRAW_NETWORKS as readonly string[]).includes(code);
}

export function isChannelOpenIn(channel: TChannelRow, region: string | null): boolean {
  return channel.isOpen && !(region && channel.closedRegions.includes(region));
}

/** The channel's name in `lang`, else its English name. */
function nameIn(row: TChannelRow, lang: string): string {
  return (row.names as Record<string, string | undefined>)[lang] ?? row.name;
}

function toChannel(row: TChannelRow, lang: string) {
  return {
    id: String(row.id),
    code: row.code,
    kind: row.kind,
    name: nameIn(row, lang),
    currency: row.currency,
    network: row.network,
    depositAddress: row.depositAddress,
    depositUri: row.depositAddress ? `${row.uriPrefix ?? ''}${row.depositAddress}` : null,
    minAmount: formatMoney(row.minAmount),
    maxAmount: formatMoney(row.maxAmount),
    feeFixed: formatMoney(row.feeFixed),
    feeRate: formatMoney(row.feeRate),
    rateToUsdt: formatMoney(row.rateToUsdt),
    arrivalMinutes: row.arrivalMinutes,
  };
}

/** Open recharge methods named in `lang`, each marked unavailable when closed in the buyer's region. */
export async function listWalletChannels(
  db: Executor,
  region: string | null,
  lang: string,
): Promise<TWalletChannel[]> {
  const rows = await db
    .select()
    .from(walletChannels)
    .where(eq(walletChannels.isOpen, true))
    .orderBy(asc(walletChannels.sortOrder), asc(walletChannels.id));
  return rows.map((row) => ({ ...toChannel(row, lang), isAvailable: isChannelOpenIn(row, region) }));
}

function toAdminChannel(row: TChannelRow): TAdminChannel {
  return {
    ...toChannel(row, 'en'),
    names: { ...row.names, en: row.name },
    isOpen: row.isOpen,
    closedRegions: row.closedRegions,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminChannels(db: Executor): Promise<TAdminChannel[]> {
  const rows = await db
    .select()
    .from(walletChannels)
    .orderBy(asc(walletChannels.sortOrder), asc(walletChannels.id));
  return rows.map(toAdminChannel);
}

export async function getAdminChannel(db: Executor, id: bigint): Promise<TAdminChannel> {
  const [row] = await db.select().from(walletChannels).where(eq(walletChannels.id, id)).limit(1);
  if (!row) {
    throw new AppError('RECORD_NOT_FOUND');
  }
  return toAdminChannel(row);
}

/** Finance settings of one channel; the change and its audit row commit together. */
export async function updateWalletChannel(
  db: Database,
  input: { staffId: bigint; id: bigint; changes: TUpdateChannelRequest },
): Promise<TAdminChannel> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(walletChannels).where(eq(walletChannels.id, input.id)).for('update');
    if (!row) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    const c = input.changes;
    const minAmount = c.minAmount === undefined ? row.minAmount : parseMoney(c.minAmount);
    const maxAmount = c.maxAmount === undefined ? row.maxAmount : parseMoney(c.maxAmount);
    if (minAmount > maxAmount) {
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'maxAmount', message: V.maxBelowMin }] });
    }
    const fees = {
      feeFixed: c.feeFixed === undefined ? row.feeFixed : parseMoney(c.feeFixed),
      feeRate: c.feeRate === undefined ? row.feeRate : parseMoney(c.feeRate),
    };
    // The smallest deposit must credit something: with fees up to it, every amount up to the fees was refused as
    // "below the minimum" while being above it.
    if (depositFee(fees, minAmount) >= minAmount) {
      const message = messageWithValues(V.feesBelowMin, { min: Number(formatMoney(minAmount)) });
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'feeFixed', message }] });
    }
    const depositAddress = c.depositAddress === undefined ? row.depositAddress : c.depositAddress || null;
    if (row.kind === 'blockchain') {
      if (!depositAddress || (isWithdrawNetwork(row.code) && !isValidAddress(row.code, depositAddress))) {
        throw new AppError('ADDRESS_FORMAT_INVALID');
      }
    }
    const [updated] = await tx
      .update(walletChannels)
      .set({
        ...(c.names?.en !== undefined ? { name: c.names.en, names: c.names } : {}),
        depositAddress,
        minAmount,
        maxAmount,
        ...fees,
        ...(c.rateToUsdt !== undefined ? { rateToUsdt: parseMoney(c.rateToUsdt) } : {}),
        ...(c.arrivalMinutes !== undefined ? { arrivalMinutes: c.arrivalMinutes } : {}),
        ...(c.isOpen !== undefined ? { isOpen: c.isOpen } : {}),
        ...(c.closedRegions !== undefined ? { closedRegions: [...new Set(c.closedRegions)] } : {}),
        ...(c.sortOrder !== undefined ? { sortOrder: c.sortOrder } : {}),
        updatedAt: new Date(),
      })
      .where(eq(walletChannels.id, input.id))
      .returning();
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'wallet_channel.update',
      targetType: 'wallet_channel',
      targetId: input.id,
      details: { code: row.code, changes: c },
    });
    return toAdminChannel(updated!);
  });
}
