import { createHash, randomInt } from 'node:crypto';
import {
  type TLanguage,
  type TVerificationPurpose,
  VERIFICATION_CODE_COOLDOWN_SECONDS,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@caravan/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { enqueueMail, type TMailTemplate } from '../mail';
import { readAccountSetting } from './settings';

export type TCodeChannel = 'email' | 'sms';

const TEMPLATES: Record<TVerificationPurpose, TMailTemplate> = {
  resetPassword: 'codeResetPassword',
  bindEmail: 'codeBindEmail',
  registerEmail: 'codeRegister',
  bindMobile: 'smsCode',
  resetTxPassword: 'codeResetTxPassword',
};

function hashCode(target: string, purpose: TVerificationPurpose, code: string): string {
  return createHash('sha256').update(`${purpose}\n${target}\n${code}`).digest('hex');
}

/** "de***@example.com" or "+86 ****5678": enough for the owner to recognise, not to harvest. */
export function maskTarget(target: string, channel: TCodeChannel): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = target.split('@');
    return `${local.slice(0, 2)}***@${domain}`;
  }
  return `${target.slice(0, -4).replace(/\d/g, '*')}${target.slice(-4)}`;
}

/**
 * Creates a code and queues its mail (or text message) in one transaction. Refused while the last code for
 * the same address and purpose is younger than 3 minutes (SPEC §9) or when the address had its daily
 * number of codes. A transaction-scoped advisory lock on the address makes two simultaneous requests
 * wait for each other, so they cannot both pass the cooldown on PostgreSQL.
 */
export async function issueVerificationCode(
  db: Database,
  input: {
    purpose: TVerificationPurpose;
    channel: TCodeChannel;
    target: string;
    userId?: bigint | undefined;
    lang: TLanguage;
    ip?: string | undefined;
  },
): Promise<{ cooldownSeconds: number; expiresInSeconds: number }> {
  const dailyLimit = Number(await readAccountSetting(db, 'verify_code_daily_limit'));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`verify:${input.target}`}, 0))`);
    const [last] = await tx
      .select({ ageSeconds: sql<number>`extract(epoch from now() - ${verificationCodes.createdAt})::float8` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, input.target), eq(verificationCodes.purpose, input.purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last && Number(last.ageSeconds) < VERIFICATION_CODE_COOLDOWN_SECONDS) {
      const seconds = Math.ceil(VERIFICATION_CODE_COOLDOWN_SECONDS - Number(last.ageSeconds));
      throw new AppError('VERIFY_CODE_COOLDOWN', { retryAfterSeconds: seconds }, { seconds });
    }
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.target, input.target),
          sql`${verificationCodes.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
        ),
      );
    if (Number(today?.n ?? 0) >= dailyLimit) {
      throw new AppError('EMAIL_CODES_TODAY_EXCEEDED');
    }
    await tx.insert(verificationCodes).values({
      purpose: input.purpose,
      channel: input.channel,
      target: input.target,
      userId: input.userId ?? null,
      codeHash: hashCode(input.target, input.purpose, code),
      expiresAt,
      ip: input.ip ?? null,
    });
    await enqueueMail(tx, {
      to: input.target,
      channel: input.channel,
      template: TEMPLATES[input.purpose],
      lang: input.lang,
      params: { code, minutes: VERIFICATION_CODE_TTL_MINUTES },
      expiresAt,
    });
  });
  return {
    cooldownSeconds: VERIFICATION_CODE_COOLDOWN_SECONDS,
    expiresInSeconds: VERIFICATION_CODE_TTL_MINUTES * 60,
  };
}

/**
 * Checks a typed code against the newest unused code of the address. Call it with the root database,
 * before the change's transaction: a wrong entry is counted by its own statement and stays counted
 * when the error rolls the change back. Returns the code's id for `consumeVerificationCode`.
 */
export async function checkVerificationCode(
  db: Database,
  input: { purpose: TVerificationPurpose; target: string; code: string },
): Promise<bigint> {
  if (!input.code) {
    throw new AppError('VERIFY_CODE_EMPTY');
  }
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, input.target),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) {
    throw new AppError('VERIFY_CODE_WRONG');
  }
  if (latest.failedTries >= VERIFICATION_CODE_MAX_TRIES) {
    throw new AppError('VERIFY_CODE_LOCKED');
  }
  if (latest.expiresAt.getTime() <= Date.now()) {
    throw new AppError('VERIFY_CODE_EXPIRED');
  }
  if (latest.codeHash !== hashCode(input.target, input.purpose, input.code)) {
    const [counted] = await db
      .update(verificationCodes)
      .set({ failedTries: sql`${verificationCodes.failedTries} + 1` })
      .where(eq(verificationCodes.id, latest.id))
      .returning({ failedTries: verificationCodes.failedTries });
    const tries = counted?.failedTries ?? VERIFICATION_CODE_MAX_TRIES;
    if (tries >= VERIFICATION_CODE_MAX_TRIES) {
      throw new AppError('VERIFY_CODE_LOCKED');
    }
    throw new AppError('VERIFY_CODE_WRONG', { remainingAttempts: VERIFICATION_CODE_MAX_TRIES - tries });
  }
  return latest.id;
}

/** Marks a checked code used inside the change's transaction; a second use of the same code loses here. */
export async function consumeVerificationCode(tx: Executor, codeId: bigint): Promise<void> {
  const used = await tx
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) {
    throw new AppError('VERIFY_CODE_WRONG');
  }
}
