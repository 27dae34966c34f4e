import type { TErrorCode, ZRegisterRequest } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  assertPossibleMobile,
  checkVerificationCode,
  consumeVerificationCode,
  readAccountSetting,
} from '../verification-codes';
import { newInvitationCode, newUsercode } from './codes';
import { hashNewPassword } from './common-passwords';
import { findUserByAccount } from './login';
import { assertUsernameNotHeld, releaseLapsedLogInName } from './released-identity';
import { createSession } from './sessions';
import type { TUserRow } from './user-info';

type TRegisterInput = z.output<typeof ZRegisterRequest>;

/** Unique indexes of `users` and what a clash means for the person registering. */
const TAKEN_CODES: Record<string, TErrorCode> = {
  users_username_key: 'USERNAME_TAKEN',
  users_email_key: 'EMAIL_TAKEN',
  users_phone_key: 'PHONE_TAKEN',
};
/** Random codes that may collide; a collision is retried with fresh ones. */
const RANDOM_CODE_KEYS = new Set(['users_usercode_key', 'users_invitation_code_key']);
const MAX_ATTEMPTS = 8;

function takenCode(input: TRegisterInput): TErrorCode {
  return input.accountType === 'username'
    ? 'USERNAME_TAKEN'
    : input.accountType === 'email'
      ? 'EMAIL_TAKEN'
      : 'PHONE_TAKEN';
}

/** Creates a buyer account by username, e-mail or mobile and logs it in. */
export async function registerUser(
  db: Database,
  input: TRegisterInput,
  session: { ttlHours: number; ip?: string; userAgent?: string; lang?: string },
): Promise<{ token: string; expiresAt: Date; user: TUserRow }> {
  // A mobile number in its one spelling (trunk prefix dropped), so one phone cannot own two accounts.
  const mobile =
    input.accountType === 'mobile'
      ? assertPossibleMobile(input.areaCode ?? '', input.account, 'account')
      : null;
  const account =
    input.accountType === 'email' ? input.account.toLowerCase() : (mobile?.phone ?? input.account);
  // A number is looked up as typed too: findUserByAccount also finds one stored in that spelling before.
  const identity = {
    accountType: input.accountType,
    account: mobile ? input.account : account,
    ...(mobile ? { areaCode: mobile.areaCode } : {}),
  };
  await releaseLapsedLogInName(
    db,
    input.accountType === 'username'
      ? { username: account }
      : input.accountType === 'email'
        ? { email: account }
        : { areaCode: mobile?.areaCode ?? '', phone: input.account },
  );
  if (await findUserByAccount(db, identity)) {
    throw new AppError(takenCode(input));
  }
  if (input.accountType === 'username') {
    await assertUsernameNotHeld(db, account);
  }
  let invitedByUserId: bigint | null = null;
  if (input.invitationCode) {
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.invitationCode, input.invitationCode.toUpperCase()))
      .limit(1);
    if (!inviter) {
      throw new AppError('INVITATION_CODE_INVALID');
    }
    invitedByUserId = inviter.id;
  }
  // Registration by e-mail may need the code sent to that address (platform setting).
  let emailCodeId: bigint | undefined;
  if (
    input.accountType === 'email' &&
    (await readAccountSetting(db, 'register_email_code_required')) === '1'
  ) {
    if (!input.emailCode) {
      throw new AppError('VERIFY_CODE_EMPTY');
    }
    emailCodeId = await checkVerificationCode(db, {
      purpose: 'registerEmail',
      target: account,
      code: input.emailCode,
    });
  }
  const passwordHash = await hashNewPassword(input.password);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (emailCodeId !== undefined) {
          await consumeVerificationCode(tx, emailCodeId);
        }
        const [user] = await tx
          .insert(users)
          .values({
            usercode: newUsercode(),
            invitationCode: newInvitationCode(),
            username: input.accountType === 'username' ? account : null,
            email: input.accountType === 'email' ? account : null,
            areaCode: mobile?.areaCode ?? null,
            phone: mobile?.phone ?? null,
            passwordHash,
            invitedByUserId,
            agentCode: input.agentCode || null,
            lang: session.lang ?? null,
          })
          .returning();
        const created = await createSession(tx, {
          audience: 'buyer',
          userId: user!.id,
          ttlHours: session.ttlHours,
          ...(session.ip ? { ip: session.ip } : {}),
          ...(session.userAgent ? { userAgent: session.userAgent } : {}),
        });
        return { ...created, user: user! };
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === undefined) {
        throw error;
      }
      const code = TAKEN_CODES[constraint];
      if (code) {
        throw new AppError(code);
      }
      if (!RANDOM_CODE_KEYS.has(constraint) || attempt >= MAX_ATTEMPTS) {
        // An unknown unique clash is still the account already existing, never a 500.
        throw new AppError(takenCode(input));
      }
    }
  }
}
