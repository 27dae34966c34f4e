import {
  ZCancelAccountRequest,
  ZChangePasswordRequest,
  ZChangeTxPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZSetAvatarRequest,
  ZSetTxPasswordRequest,
  ZSubscribeRequest,
} from '@caravan/contracts';
import { cancelAccount, changePassword, changeTxPassword, setAvatar, setTxPassword } from '../account';
import {
  extendSession,
  getUserInfo,
  loginUser,
  logoutSession,
  registerUser,
  sessionLifetime,
  sessionMeta,
  toUserInfo,
} from '../auth';
import { getPublicSystemParams, subscribeEmail } from '../subscriptions';
import {
  mapLegacyParams,
  parseLegacy,
  READ_ONLY,
  readLegacyToken,
  registerLegacyAction,
  requireLegacyUser,
  type TLegacyContext,
} from './registry';

/**
 * Legacy parameter names (SPEC §7) -> v1 request fields. Each v1 field takes the first legacy name
 * present; the v1 schema then validates exactly as the v1 endpoint does.
 */
const ALIASES = {
  login: {
    accountType: ['accountType', 'type'],
    account: ['account', 'username', 'userName', 'email', 'phone'],
    areaCode: ['areaCode', 'area_code'],
    password: ['password'],
  },
  register: {
    accountType: ['accountType', 'type'],
    account: ['account', 'username', 'userName', 'email', 'phone'],
    areaCode: ['areaCode', 'area_code'],
    password: ['password'],
    confirmPassword: ['confirmPassword', 're_password', 'rePassword', 'password_confirm'],
    invitationCode: ['invitationCode', 'usercode', 'userCode', 'invite_code'],
    agentCode: ['agentCode', 'code'],
  },
  changePassword: {
    oldPassword: ['oldPassword', 'old_password'],
    newPassword: ['newPassword', 'password'],
    confirmPassword: ['confirmPassword', 're_password'],
  },
  setTxPassword: {
    txPassword: ['txPassword', 'safeword'],
    confirmTxPassword: ['confirmTxPassword', 're_safeword'],
  },
  changeTxPassword: {
    oldTxPassword: ['oldTxPassword', 'old_safeword'],
    txPassword: ['txPassword', 'safeword'],
    confirmTxPassword: ['confirmTxPassword', 're_safeword'],
  },
  cancel: {
    reason: ['reason'],
    loginPassword: ['loginPassword', 'password'],
  },
  subscribe: { email: ['email'] },
} as const;

/**
 * The old apps send no account type; guess it from the account's shape. A number sent as `phone` is a mobile
 * number even without its area code: then the schema asks for the area code, where it was taken for a username
 * ("2025550199" became a username account that later hid the phone's owner from forgot password).
 */
function withAccountType(
  input: Record<string, string>,
  params: Record<string, string>,
): Record<string, string> {
  if (input.accountType) {
    return input;
  }
  const account = input.account ?? '';
  const isSentAsPhone = params.phone !== undefined && account === params.phone;
  const accountType = account.includes('@')
    ? 'email'
    : (input.areaCode || isSentAsPhone) && /^\s*\d+\s*$/.test(account)
      ? 'mobile'
      : 'username';
  return { ...input, accountType };
}

function sessionOptions(ctx: TLegacyContext) {
  return { ttlHours: ctx.app.deps.config.SESSION_TTL_HOURS, ...sessionMeta(ctx.request) };
}

registerLegacyAction('user!newlogin', async (ctx) => {
  const input = parseLegacy(
    ZLoginRequest,
    withAccountType(mapLegacyParams(ctx.params, ALIASES.login), ctx.params),
  );
  // The human check of the web (challenge.ts), for old apps that learn to answer it.
  const challenge =
    ctx.params.challengeId && ctx.params.challengeNonce
      ? { id: ctx.params.challengeId, nonce: ctx.params.challengeNonce }
      : undefined;
  const result = await loginUser(ctx.app.deps.db, { ...input, audience: 'buyer' }, sessionOptions(ctx), {
    counters: ctx.app.counters,
    challenge,
  });
  return { token: result.token, user: toUserInfo(result.user, result.storeId !== null) };
});

registerLegacyAction('localuser!registerNoVerifcode', async (ctx) => {
  const input = parseLegacy(
    ZRegisterRequest,
    withAccountType(mapLegacyParams(ctx.params, ALIASES.register), ctx.params),
  );
  const result = await registerUser(ctx.app.deps.db, input, {
    ...sessionOptions(ctx),
    ...(ctx.request.isLangExplicit ? { lang: ctx.request.lang } : {}),
  });
  return { token: result.token, user: toUserInfo(result.user, false) };
});

registerLegacyAction('user!logout', async (ctx) => {
  await logoutSession(ctx.app.deps.db, readLegacyToken(ctx), 'buyer');
  return null;
});

registerLegacyAction('user!heartbeat', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const expiresAt = await extendSession(
    ctx.app.deps.db,
    user.sessionId,
    sessionLifetime(ctx.app.deps.config),
  );
  return { expiresAt: expiresAt.toISOString() };
});

registerLegacyAction(
  'localuser!get',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    return getUserInfo(ctx.app.deps.db, user.id);
  },
  READ_ONLY,
);

registerLegacyAction('user!updateOldAndNewPsw', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const input = parseLegacy(ZChangePasswordRequest, mapLegacyParams(ctx.params, ALIASES.changePassword));
  await changePassword(ctx.app.deps.db, { userId: user.id, sessionId: user.sessionId, ...input });
  return null;
});

registerLegacyAction('user!setSafewordReg', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const input = parseLegacy(ZSetTxPasswordRequest, mapLegacyParams(ctx.params, ALIASES.setTxPassword));
  await setTxPassword(ctx.app.deps.db, { userId: user.id, ...input });
  return null;
});

registerLegacyAction('user!updateOldAndNewSafeword', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const input = parseLegacy(ZChangeTxPasswordRequest, mapLegacyParams(ctx.params, ALIASES.changeTxPassword));
  await changeTxPassword(ctx.app.deps.db, { userId: user.id, ...input });
  return null;
});

registerLegacyAction('user!logoff', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const input = parseLegacy(ZCancelAccountRequest, mapLegacyParams(ctx.params, ALIASES.cancel));
  await cancelAccount(ctx.app.deps.db, { userId: user.id, ...input });
  return null;
});

registerLegacyAction(
  'syspara!getSyspara',
  async (ctx) => {
    const codes = (ctx.params.code ?? ctx.params.codes ?? '').split(',');
    return getPublicSystemParams(ctx.app.deps.db, codes);
  },
  READ_ONLY,
);

registerLegacyAction('subscribe!add', async (ctx) => {
  const input = parseLegacy(ZSubscribeRequest, mapLegacyParams(ctx.params, ALIASES.subscribe));
  await subscribeEmail(
    ctx.app.deps.db,
    { email: input.email, lang: ctx.request.lang },
    { ip: ctx.request.ip, counters: ctx.app.counters, publicUrl: ctx.app.deps.config.PUBLIC_URL },
  );
  return null;
});

/** SPEC §7 index!download-url: the buyer and seller app download pages (platform settings; empty: none). */
registerLegacyAction(
  'index!download-url',
  async (ctx) => {
    const params = await getPublicSystemParams(ctx.app.deps.db, [
      'app_download_buyer_url',
      'app_download_seller_url',
    ]);
    const buyerUrl = params.app_download_buyer_url ?? '';
    const sellerUrl = params.app_download_seller_url ?? '';
    return { downAppUrl: buyerUrl, buyerUrl, sellerUrl };
  },
  READ_ONLY,
);

/** SPEC §7 localuser!refreshAvatar: the numbered avatar (1-20, default 1), as PUT /api/v1/account/avatar. */
registerLegacyAction('localuser!refreshAvatar', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const input = parseLegacy(
    ZSetAvatarRequest,
    mapLegacyParams(ctx.params, { avatar: ['avatar', 'headImg', 'avatarId'] }),
  );
  await setAvatar(ctx.app.deps.db, user.id, input.avatar);
  return { avatar: input.avatar };
});
