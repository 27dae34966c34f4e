import { createHash } from 'node:crypto';
import {
  isLanguage,
  type TBindEmailRequest,
  type TBindMobileRequest,
  type TLanguage,
  type TResetPasswordRequest,
  type TResetTxPasswordRequest,
  type TSendCodeRequest,
  V,
} from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  checkUserPassword,
  deleteUserSessions,
  findUserByAccount,
  getActiveUser,
  hashNewPassword,
  hashPassword,
  releaseLapsedLogInName,
  type TUserRow,
} from '../auth';
import { enqueueMail } from '../mail';
import type { TCounterStore } from '../ops';
import {
  assertPossibleMobile,
  canonicalMobile,
  checkVerificationCode,
  consumeVerificationCode,
  issueVerificationCode,
  maskTarget,
  readAccountSetting,
  type TCodeChannel,
} from '../verification-codes';

export const mobileTarget = (areaCode: string, phone: string) => `${areaCode}${phone}`;

/**
 * Forgot password: a mobile number comes with its area code and is looked up among mobile numbers only; without
 * one the account is a username or an e-mail. So an all-digit username never stands in for a phone's owner (nor
 * one phone under two area codes for the other), which the old "any column, if unique" lookup let happen.
 */
async function findResetUser(db: Database, input: { account: string; areaCode?: string | undefined }) {
  const account = input.account.trim();
  const user = input.areaCode
    ? /^\d+$/.test(account)
      ? await findUserByAccount(db, { accountType: 'mobile', account, areaCode: input.areaCode })
      : undefined
    : await findUserByAccount(db, { accountType: account.includes('@') ? 'email' : 'username', account });
  if (!user) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (user.status === 'cancelled') {
    throw new AppError('ACCOUNT_CANCELLED');
  }
  if (user.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  return user;
}

function accountLanguage(user: TUserRow, fallback: TLanguage): TLanguage {
  return user.lang && isLanguage(user.lang) ? user.lang : fallback;
}

function resetTarget(user: TUserRow): { target: string; channel: TCodeChannel } {
  if (user.email) {
    return { target: user.email, channel: 'email' };
  }
  if (user.phone && user.areaCode) {
    return { target: mobileTarget(user.areaCode, user.phone), channel: 'sms' };
  }
  throw new AppError('EMAIL_NOT_BOUND');
}

async function assertEmailFree(db: Database, email: string, userId?: bigint) {
  await releaseLapsedLogInName(db, { email });
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (owner && owner.id !== userId) {
    throw new AppError('EMAIL_TAKEN');
  }
}

/** An hour of codes from one IP address (verify_code_ip_hourly_limit), over every address and purpose. */
const IP_WINDOW_MS = 60 * 60_000;

function ipKey(ip: string): string {
  return `verify:ip:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;
}

/**
 * Sends a code for one of the purposes; binding and a transaction password's reset need the logged-in user. One
 * IP address gets at most verify_code_ip_hourly_limit codes an hour, whatever the addresses: the per-address
 * cooldown and daily number alone let one machine mail thousands of strangers (QA accounts #9). Counted in the
 * shared counters (Redis with REDIS_URL), as the log-in limits are, for codes actually sent and for answers that a
 * forgotten password's account does not exist.
 */
export async function sendVerificationCode(
  db: Database,
  input: TSendCodeRequest,
  context: { userId?: bigint | undefined; lang: TLanguage; ip?: string; counters: TCounterStore },
) {
  let target: string;
  let channel: TCodeChannel;
  let userId: bigint | undefined;
  let lang = context.lang;
  const sourceKey = ipKey(context.ip ?? 'unknown');
  const ipLimit = Number(await readAccountSetting(db, 'verify_code_ip_hourly_limit'));
  if ((await context.counters.peek(sourceKey)) >= ipLimit) {
    throw new AppError('TOO_FREQUENT');
  }
  switch (input.purpose) {
    case 'resetPassword': {
      const user = await findResetUser(db, input).catch(async (error: unknown) => {
        // "No such account" tells whether a name is registered; counted like a code sent, one address can test
        // only verify_code_ip_hourly_limit names an hour instead of walking a list of them.
        if (error instanceof AppError && error.code === 'USER_NOT_FOUND') {
          await context.counters.hit(sourceKey, IP_WINDOW_MS);
        }
        throw error;
      });
      ({ target, channel } = resetTarget(user));
      userId = user.id;
      lang = accountLanguage(user, lang);
      break;
    }
    case 'bindEmail':
    case 'bindMobile': {
      if (!context.userId) {
        throw new AppError('NOT_LOGGED_IN');
      }
      // The code mail is the account's, in its language, not in the language the request happened to carry.
      const user = await getActiveUser(db, context.userId);
      userId = user.id;
      lang = accountLanguage(user, lang);
      if (input.purpose === 'bindEmail') {
        await assertEmailFree(db, input.email, userId);
        target = input.email;
        channel = 'email';
      } else {
        const mobile = assertPossibleMobile(input.areaCode, input.phone);
        await assertPhoneFree(db, mobile, input.phone, userId);
        target = mobileTarget(mobile.areaCode, mobile.phone);
        channel = 'sms';
      }
      break;
    }
    case 'resetTxPassword': {
      if (!context.userId) {
        throw new AppError('NOT_LOGGED_IN');
      }
      const user = await getActiveUser(db, context.userId);
      ({ target, channel } = resetTarget(user));
      userId = user.id;
      lang = accountLanguage(user, lang);
      break;
    }
    case 'registerEmail': {
      // Registration would not ask for the code: sending it only mails a stranger's address for nothing.
      if ((await readAccountSetting(db, 'register_email_code_required')) !== '1') {
        throw new AppError('REGISTER_EMAIL_CODE_OFF');
      }
      await assertEmailFree(db, input.email);
      target = input.email;
      channel = 'email';
      break;
    }
  }
  const issued = await issueVerificationCode(db, {
    purpose: input.purpose,
    channel,
    target,
    userId,
    lang,
    ip: context.ip,
  });
  await context.counters.hit(sourceKey, IP_WINDOW_MS);
  return { ok: true as const, sentTo: maskTarget(target, channel), channel, ...issued };
}

async function assertPhoneFree(
  db: Database,
  mobile: { areaCode: string; phone: string },
  typed: string,
  userId: bigint,
) {
  await releaseLapsedLogInName(db, { areaCode: mobile.areaCode, phone: typed });
  const owner = await findUserByAccount(db, {
    accountType: 'mobile',
    account: typed,
    areaCode: mobile.areaCode,
  });
  if (owner && owner.id !== userId) {
    throw new AppError('PHONE_TAKEN');
  }
}

/** Forgot password: checks the code sent to the account, sets the new password and ends every session. */
export async function resetPassword(db: Database, input: TResetPasswordRequest) {
  // No code was ever sent to an account that does not exist, so its code is wrong: "no such account" here would
  // let anybody test names with any six digits, around the count on sending codes.
  const user = await findResetUser(db, input).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'USER_NOT_FOUND'
      ? new AppError('VERIFY_CODE_WRONG')
      : error;
  });
  const { target } = resetTarget(user);
  const codeId = await checkVerificationCode(db, { purpose: 'resetPassword', target, code: input.code });
  const passwordHash = await hashNewPassword(input.password);
  await db.transaction(async (tx) => {
    await consumeVerificationCode(tx, codeId);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id);
  });
}

/**
 * A forgotten transaction password: checks the code sent to the account's own e-mail or mobile number and sets the
 * new one. The code proves the owner, so the transaction password's lock and wrong-entry counts end with it.
 */
export async function resetTxPassword(db: Database, userId: bigint, input: TResetTxPasswordRequest) {
  const user = await getActiveUser(db, userId);
  const { target } = resetTarget(user);
  const codeId = await checkVerificationCode(db, { purpose: 'resetTxPassword', target, code: input.code });
  // Six digits, as when it was first set (the log-in password's list of common passwords is not for these).
  const txPasswordHash = await hashPassword(input.txPassword);
  await db.transaction(async (tx) => {
    await consumeVerificationCode(tx, codeId);
    await tx
      .update(users)
      .set({ txPasswordHash, txFailStreak: 0, txFailDayCount: 0, txLockedUntil: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
  });
}

/**
 * Replacing an e-mail or mobile already bound moves where codes and password resets go, so a session alone (a
 * stolen cookie, a shared computer) must not do it (QA accounts #4): the log-in password is asked, with the
 * log-in lockout's counting. A first binding needs only the code.
 */
async function assertMayReplace(
  db: Database,
  user: TUserRow,
  current: string | null,
  loginPassword?: string,
) {
  if (current === null) {
    return;
  }
  if (!loginPassword) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'loginPassword', message: V.required }] });
  }
  await checkUserPassword(db, user, loginPassword);
}

const noticeTime = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

/**
 * Binds or changes the account's e-mail after the code sent to the new address. A change tells the old address,
 * in the account's language, so an owner whose address was taken over hears of it.
 */
export async function bindEmail(
  db: Database,
  userId: bigint,
  input: TBindEmailRequest,
  context: { lang: TLanguage },
) {
  const user = await getActiveUser(db, userId);
  const email = input.email.trim().toLowerCase();
  const previous = user.email === email ? null : user.email;
  await assertMayReplace(db, user, previous, input.loginPassword);
  await assertEmailFree(db, email, userId);
  const codeId = await checkVerificationCode(db, { purpose: 'bindEmail', target: email, code: input.code });
  try {
    await db.transaction(async (tx) => {
      await consumeVerificationCode(tx, codeId);
      await tx.update(users).set({ email, updatedAt: sql`now()` }).where(eq(users.id, userId));
      if (previous) {
        await enqueueMail(tx, {
          to: previous,
          template: 'emailChanged',
          lang: accountLanguage(user, context.lang),
          params: { newAddress: maskTarget(email, 'email'), time: noticeTime() },
        });
      }
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') {
      throw new AppError('EMAIL_TAKEN');
    }
    throw error;
  }
}

/** Binds or changes the account's mobile number after the code sent to it; a change is texted to the old number. */
export async function bindMobile(
  db: Database,
  userId: bigint,
  input: TBindMobileRequest,
  context: { lang: TLanguage },
) {
  const user = await getActiveUser(db, userId);
  const mobile = assertPossibleMobile(input.areaCode, input.phone);
  const target = mobileTarget(mobile.areaCode, mobile.phone);
  const bound = user.phone && user.areaCode ? canonicalMobile(user.areaCode, user.phone) : null;
  const current = bound ? mobileTarget(bound.areaCode, bound.phone) : null;
  const previous = current === target ? null : current;
  await assertMayReplace(db, user, previous, input.loginPassword);
  const codeId = await checkVerificationCode(db, { purpose: 'bindMobile', target, code: input.code });
  await releaseLapsedLogInName(db, { areaCode: mobile.areaCode, phone: input.phone });
  try {
    await db.transaction(async (tx) => {
      await consumeVerificationCode(tx, codeId);
      await tx
        .update(users)
        .set({ areaCode: mobile.areaCode, phone: mobile.phone, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      if (previous) {
        await enqueueMail(tx, {
          to: previous,
          channel: 'sms',
          template: 'mobileChanged',
          lang: accountLanguage(user, context.lang),
          params: { newAddress: maskTarget(target, 'sms'), time: noticeTime() },
        });
      }
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_phone_key') {
      throw new AppError('PHONE_TAKEN');
    }
    throw error;
  }
}
