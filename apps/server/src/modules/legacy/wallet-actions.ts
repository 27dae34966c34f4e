import {
  type TChannelKind,
  type TWalletChannel,
  WITHDRAW_NETWORKS,
  ZBindWithdrawAddressRequest,
  ZCreateRechargeRequest,
  ZCreateWithdrawalRequest,
  ZRechargeListQuery,
  ZWalletRecordParams,
  ZWithdrawalListQuery,
  ZWithdrawFeeQuery,
  zRegion,
} from '@caravan/contracts';
import { z } from 'zod';
import { AppError, isAppError } from '../../http/app-error';
import {
  bindWithdrawAddress,
  createRecharge,
  createWithdrawal,
  createWithdrawSession,
  findWithdrawAddress,
  getRecharge,
  getWallet,
  getWithdrawal,
  listRecharges,
  listWalletChannels,
  listWithdrawals,
  quoteWithdrawFee,
  resolveRegion,
} from '../wallet';
import { LEGACY_PAGE } from './params';
import {
  MONEY_CALL,
  mapLegacyParams,
  parseLegacy,
  READ_ONLY,
  registerLegacyAction,
  requireLegacyUser,
  type TLegacyContext,
} from './registry';

/** Legacy parameter names (SPEC §7) -> v1 fields; the v1 schemas then validate as the v1 endpoints do. */
const ALIASES = {
  list: { ...LEGACY_PAGE, status: ['status', 'state'] },
  recordId: { id: ['id', 'orderNo', 'order_no', 'recordId'] },
  recharge: {
    amount: ['amount', 'money', 'volume'],
    txHash: ['txHash', 'tx_hash', 'hash', 'tx'],
    certificateUrl: ['certificateUrl', 'img', 'imgUrl', 'image', 'certificate'],
    bankName: ['bankName', 'bank_name', 'bank'],
    cardNumber: ['cardNumber', 'card_number', 'bankCard', 'card'],
    region: ['region', 'country'],
  },
  withdraw: {
    sessionToken: ['session_token', 'sessionToken'],
    amount: ['amount', 'volume', 'money'],
    txPassword: ['safeword', 'txPassword', 'safe_password', 'safePassword'],
  },
  withdrawFee: { amount: ['amount', 'volume', 'money'] },
  bind: { address: ['address', 'withdrawAddress', 'withdraw_address'] },
  network: ['channel', 'network', 'blockchain_name', 'chain', 'coin', 'symbol'],
} as const;

const CHANNEL_CODE = ['channelCode', 'channel_code', 'code', 'channel'] as const;
const SYMBOL = ['symbol', 'coin', 'currency'] as const;
const CHAIN = ['blockchain_name', 'network', 'chain'] as const;

function normalize(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function firstParam(ctx: TLegacyContext, names: readonly string[]): string | undefined {
  const name = names.find((n) => ctx.params[n]);
  return name === undefined ? undefined : ctx.params[name];
}

/**
 * The old apps name a method by its code ("USDT-TRC20"), or by symbol and chain ("USDT" + "TRC20"),
 * or by symbol alone (the first open method of that currency).
 */
function pickChannel(
  ctx: TLegacyContext,
  channels: TWalletChannel[],
  kind: TChannelKind,
): TWalletChannel | undefined {
  const ofKind = channels.filter((c) => c.kind === kind);
  const code = firstParam(ctx, CHANNEL_CODE);
  const symbol = firstParam(ctx, SYMBOL);
  const chain = firstParam(ctx, CHAIN);
  const wanted = [code, symbol, symbol && chain ? `${symbol}${chain}` : undefined]
    .filter((v): v is string => Boolean(v))
    .map(normalize);
  const byCode = ofKind.find((c) => wanted.includes(normalize(c.code)));
  if (byCode || !symbol) {
    return byCode ?? (ofKind.length === 1 && !code ? ofKind[0] : undefined);
  }
  return ofKind.find(
    (c) =>
      normalize(c.currency) === normalize(symbol) &&
      (!chain || normalize(c.network ?? '') === normalize(chain)),
  );
}

/** The buyer's region: `region` parameter, else the Accept-Language country (as the v1 calls). */
function legacyRegion(ctx: TLegacyContext): string | null {
  const { region } = parseLegacy(z.object({ region: zRegion.optional() }), {
    region: firstParam(ctx, ALIASES.recharge.region),
  });
  return resolveRegion(region, ctx.request.headers['accept-language']);
}

async function listChannelsOf(ctx: TLegacyContext, kind: TChannelKind) {
  const region = legacyRegion(ctx);
  const channels = await listWalletChannels(ctx.app.deps.db, region, ctx.request.lang);
  return { channels: channels.filter((c) => c.kind === kind), region };
}

/** Withdrawal networks as the old apps name them: "TRC20" is USDT on TRC20, and so on. */
function toNetwork(value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  const wanted = normalize(value);
  return WITHDRAW_NETWORKS.find((n) => normalize(n) === wanted || normalize(n) === `USDT${wanted}`) ?? value;
}

async function applyRecharge(ctx: TLegacyContext, kind: TChannelKind) {
  const user = await requireLegacyUser(ctx);
  const region = legacyRegion(ctx);
  const channels = await listWalletChannels(ctx.app.deps.db, region, ctx.request.lang);
  const channel = pickChannel(ctx, channels, kind);
  if (!channel) {
    throw new AppError(kind === 'third_party' ? 'PAYMENT_METHOD_NOT_OPEN' : 'CURRENCY_REQUIRED');
  }
  const request = parseLegacy(ZCreateRechargeRequest, {
    ...mapLegacyParams(ctx.params, ALIASES.recharge),
    channelCode: channel.code,
  });
  return createRecharge(ctx.app.deps.db, {
    userId: user.id,
    request,
    region,
    uploadDir: ctx.app.deps.config.uploadDir,
  });
}

registerLegacyAction(
  'wallet!getUsdt',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    return getWallet(ctx.app.deps.db, user.id);
  },
  READ_ONLY,
);

registerLegacyAction(
  'rechargeBlockchain!recharge_open',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const { channels, region } = await listChannelsOf(ctx, 'blockchain');
    const { hasUnfinished } = await getWallet(ctx.app.deps.db, user.id);
    return { isOpen: channels.some((c) => c.isAvailable), hasUnfinished, channels, region };
  },
  READ_ONLY,
);

registerLegacyAction('rechargeBlockchain!recharge', (ctx) => applyRecharge(ctx, 'blockchain'), MONEY_CALL);

registerLegacyAction(
  'rechargeBlockchain!list',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const query = parseLegacy(ZRechargeListQuery, mapLegacyParams(ctx.params, ALIASES.list));
    const page = await listRecharges(ctx.app.deps.db, { userId: user.id, ...query });
    // SPEC §3: the recharge record list has pageSize, thisPageNumber and totalElements.
    return { ...page, thisPageNumber: page.pageNum, totalElements: page.total };
  },
  READ_ONLY,
);

registerLegacyAction(
  'rechargeBlockchain!get',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const { id } = parseLegacy(ZWalletRecordParams, mapLegacyParams(ctx.params, ALIASES.recordId));
    return getRecharge(ctx.app.deps.db, { userId: user.id, id: BigInt(id) });
  },
  READ_ONLY,
);

registerLegacyAction(
  'rechargeBlockchain!fee',
  async (ctx) => {
    await requireLegacyUser(ctx);
    const { channels } = await listChannelsOf(ctx, 'blockchain');
    const channel = pickChannel(ctx, channels, 'blockchain');
    if (!channel) {
      throw new AppError('CURRENCY_REQUIRED');
    }
    return {
      symbol: channel.currency,
      channelCode: channel.code,
      network: channel.network,
      feeFixed: channel.feeFixed,
      feeRate: channel.feeRate,
      rateToUsdt: channel.rateToUsdt,
      minAmount: channel.minAmount,
      maxAmount: channel.maxAmount,
      arrivalMinutes: channel.arrivalMinutes,
      isAvailable: channel.isAvailable,
    };
  },
  READ_ONLY,
);

registerLegacyAction(
  'channelBlockchain!list',
  async (ctx) => {
    await requireLegacyUser(ctx);
    return listChannelsOf(ctx, 'blockchain');
  },
  READ_ONLY,
);

registerLegacyAction(
  'thirdPartyRecharge!getCoinList',
  async (ctx) => {
    await requireLegacyUser(ctx);
    return listChannelsOf(ctx, 'third_party');
  },
  READ_ONLY,
);

/** A closed third-party method answers "payment method not open in this region" (SPEC §8). */
async function applyThirdPartyRecharge(ctx: TLegacyContext) {
  try {
    return await applyRecharge(ctx, 'third_party');
  } catch (error) {
    if (isAppError(error) && error.code === 'CHANNEL_NOT_OPEN') {
      throw new AppError('PAYMENT_METHOD_NOT_OPEN');
    }
    throw error;
  }
}

for (const action of [
  'recharge',
  'PHP_recharge',
  'PHP_recharge2',
  'PHP_recharge3',
  'PHP_recharge4',
  'PHP_recharge5',
]) {
  registerLegacyAction(`thirdPartyRecharge!${action}`, applyThirdPartyRecharge);
}

registerLegacyAction(
  'withdraw!list',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const query = parseLegacy(ZWithdrawalListQuery, mapLegacyParams(ctx.params, ALIASES.list));
    return listWithdrawals(ctx.app.deps.db, { userId: user.id, ...query });
  },
  READ_ONLY,
);

registerLegacyAction(
  'withdraw!get',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const { id } = parseLegacy(ZWalletRecordParams, mapLegacyParams(ctx.params, ALIASES.recordId));
    return getWithdrawal(ctx.app.deps.db, { userId: user.id, id: BigInt(id) });
  },
  READ_ONLY,
);

/** Opens the withdraw form: a fresh one-time session_token (SPEC §3) and the bound address. */
registerLegacyAction('withdraw!withdraw_open', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { db } = ctx.app.deps;
  const session = await createWithdrawSession(db, user.id);
  const bound = await findWithdrawAddress(db, user.id);
  return {
    session_token: session.sessionToken,
    expiresAt: session.expiresAt,
    address: bound ? { network: bound.network, address: bound.address } : null,
  };
});

registerLegacyAction(
  'withdraw!fee',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const query = parseLegacy(ZWithdrawFeeQuery, {
      ...mapLegacyParams(ctx.params, ALIASES.withdrawFee),
      channel: toNetwork(firstParam(ctx, ALIASES.network)),
    });
    const quote = await quoteWithdrawFee(ctx.app.deps.db, {
      userId: user.id,
      channel: query.channel,
      amount: query.amount,
    });
    return { ...quote, withdraw_fee: quote.fee };
  },
  READ_ONLY,
);

registerLegacyAction(
  'withdraw!apply',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const input = parseLegacy(ZCreateWithdrawalRequest, mapLegacyParams(ctx.params, ALIASES.withdraw));
    // The money goes to the one bound address; an old form naming another address is refused, not redirected.
    const named = firstParam(ctx, ALIASES.bind.address);
    if (named !== undefined) {
      const bound = await findWithdrawAddress(ctx.app.deps.db, user.id);
      if (bound && bound.address !== named.trim()) {
        throw new AppError('PARAMETER_ERROR', { fields: [{ field: 'address' }] });
      }
    }
    return createWithdrawal(ctx.app.deps.db, { userId: user.id, ...input });
  },
  MONEY_CALL,
);

registerLegacyAction('user!bindWithdrawAddress', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const input = parseLegacy(ZBindWithdrawAddressRequest, {
    ...mapLegacyParams(ctx.params, ALIASES.bind),
    network: toNetwork(firstParam(ctx, ALIASES.network)),
  });
  return bindWithdrawAddress(ctx.app.deps.db, { userId: user.id, ...input });
});
