import type {
  TBindEmailRequest,
  TBindMobileRequest,
  TLanguage,
  TResetPasswordRequest,
  TResetTxPasswordRequest,
  TSendCodeRequest,
} from '@caravan/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  deleteUserSessions,
  getActiveUser,
  hashNewPassword,
  hashPassword,
  releaseLapsedLogInName,
  type TUserRow,
} from '../auth';
import {
  assertPossibleMobile,
  checkVerificationCode,
  consumeVerificationCode,
  issueVerificationCode,
  maskTarget,
  type TCodeChannel,
} from '../verification-codes';

export const mobileTarget = (areaCode: string, phone: string) => `${areaCode}${phone}`;

/** Forgot password: the account is a username, an e-mail or a mobile number (any area code, if unique). */
async function findResetUser(db: Database, account: string): Promise<TUserRow> {
  const trimmed = account.trim();
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${trimmed})`,
        eq(users.email, trimmed.toLowerCase()),
        eq(users.phone, trimmed),
      ),
    )
    .limit(2);
  const user = rows.length === 1 ? rows[0] : undefined;
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

/** Sends a code for one of the purposes; binding and a transaction password's reset need the logged-in user. */
export async function sendVerificationCode(
  db: Database,
  input: TSendCodeRequest,
  context: { userId?: bigint | undefined; lang: TLanguage; ip?: string },
) {
  let target: string;
  let channel: TCodeChannel;
  let userId: bigint | undefined;
  let lang = context.lang;
  switch (input.purpose) {
    case 'resetPassword': {
      const user = await findResetUser(db, input.account);
      ({ target, channel } = resetTarget(user));
      userId = user.id;
      lang = (user.lang as TLanguage | null) ?? lang;
      break;
    }
    case 'bindEmail':
    case 'bindMobile': {
      if (!context.userId) {
        throw new AppError('NOT_LOGGED_IN');
      }
      userId = context.userId;
      if (input.purpose === 'bindEmail') {
        await assertEmailFree(db, input.email, userId);
        target = input.email;
        channel = 'email';
      } else {
        assertPossibleMobile(input.areaCode, input.phone);
        await releaseLapsedLogInName(db, { areaCode: input.areaCode, phone: input.phone });
        const [owner] = await db
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.areaCode} = ${input.areaCode} and ${users.phone} = ${input.phone}`)
          .limit(1);
        if (owner && owner.id !== userId) {
          throw new AppError('PHONE_TAKEN');
        }
        target = mobileTarget(input.areaCode, input.phone);
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
      lang = (user.lang as TLanguage | null) ?? lang;
      break;
    }
    case 'registerEmail': {
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
  return { ok: true as const, sentTo: maskTarget(target, channel), channel, ...issued };
}

/** Forgot password: checks the code sent to the account, sets the new password and ends every session. */
export async function resetPassword(db: Database, input: TResetPasswordRequest) {
  const user = await findResetUser(db, input.account);
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

/** Binds or changes the account's e-mail after the code sent to the new address. */
export async function bindEmail(db: Database, userId: bigint, input: TBindEmailRequest) {
  await assertEmailFree(db, input.email, userId);
  const codeId = await checkVerificationCode(db, {
    purpose: 'bindEmail',
    target: input.email,
    code: input.code,
  });
  try {
    await db.transaction(async (tx) => {
      await consumeVerificationCode(tx, codeId);
      await tx.update(users).set({ email: input.email, updatedAt: sql`now()` }).where(eq(users.id, userId));
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') {
      throw new AppError('EMAIL_TAKEN');
    }
    throw error;
  }
}

/** Binds or changes the account's mobile number after the code sent to it. */
export async function bindMobile(db: Database, userId: bigint, input: TBindMobileRequest) {
  assertPossibleMobile(input.areaCode, input.phone);
  const target = mobileTarget(input.areaCode, input.phone);
  const codeId = await checkVerificationCode(db, { purpose: 'bindMobile', target, code: input.code });
  await releaseLapsedLogInName(db, { areaCode: input.areaCode, phone: input.phone });
  try {
    await db.transaction(async (tx) => {
      await consumeVerificationCode(tx, codeId);
      await tx
        .update(users)
        .set({ areaCode: input.areaCode, phone: input.phone, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_phone_key') {
      throw new AppError('PHONE_TAKEN');
    }
    throw error;
  }
}
