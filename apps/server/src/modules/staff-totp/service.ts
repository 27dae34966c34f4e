import { createHash, randomBytes } from 'node:crypto';
import {
  MONEY_PERMISSIONS,
  STAFF_TOTP_SETTING_CODE,
  type TPermission,
  type TStaffTotpEnabled,
  type TStaffTotpSetup,
  type TStaffTotpState,
} from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database, Executor } from '../../db/client';
import { roles, staff, systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';

const ISSUER = 'Caravan';
const RECOVERY_CODE_COUNT = 10;
const PERIOD_SECONDS = 30;

function hashCode(code: string): string {
  return createHash('sha256').update(code.toUpperCase()).digest('hex');
}

function newRecoveryCode(): string {
  // 8 characters from an alphabet without look-alikes, shown as XXXX-XXXX.
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

async function loadStaff(db: Executor, staffId: bigint) {
  const [row] = await db
    .select({ member: staff, permissions: roles.permissions })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.id, staffId))
    .limit(1);
  if (!row) {
    throw new AppError('STAFF_NOT_FOUND');
  }
  return row;
}

async function isSettingOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, STAFF_TOTP_SETTING_CODE))
    .limit(1);
  return row?.value.trim() === 'true';
}

function hasMoneyPermission(permissions: readonly string[]): boolean {
  return MONEY_PERMISSIONS.some((p) => permissions.includes(p));
}

/** Whether this staff member must have TOTP before using a money permission. */
export async function isTotpEnrolmentMissing(
  db: Executor,
  member: { totpEnabledAt: Date | null; permissions: readonly TPermission[] },
): Promise<boolean> {
  return member.totpEnabledAt === null && hasMoneyPermission(member.permissions) && (await isSettingOn(db));
}

export async function getTotpState(db: Executor, staffId: bigint): Promise<TStaffTotpState> {
  const { member, permissions } = await loadStaff(db, staffId);
  return {
    isEnabled: member.totpEnabledAt !== null,
    isRequired: hasMoneyPermission(permissions) && (await isSettingOn(db)),
    recoveryCodesLeft: member.totpRecoveryHashes.length,
  };
}

/** A new secret to scan; it counts only after a code from it is confirmed (enableTotp). */
export async function startTotpSetup(db: Executor, staffId: bigint): Promise<TStaffTotpSetup> {
  const { member } = await loadStaff(db, staffId);
  if (member.totpEnabledAt !== null) {
    throw new AppError('DUPLICATE_SUBMISSION');
  }
  const secret = generateSecret();
  await db.update(staff).set({ totpSecret: secret }).where(eq(staff.id, staffId));
  const otpauthUrl = generateURI({ issuer: ISSUER, label: member.username, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** Checks a 6-digit code; a code's 30-second step is accepted once (no replay). */
async function checkCode(
  tx: Executor,
  member: { id: bigint; totpSecret: string | null; totpLastStep: number | null },
  code: string,
): Promise<boolean> {
  if (!member.totpSecret || !/^\d{6}$/.test(code)) {
    return false;
  }
  const result = await verify({
    secret: member.totpSecret,
    token: code,
    epochTolerance: PERIOD_SECONDS,
    ...(member.totpLastStep === null ? {} : { afterTimeStep: member.totpLastStep }),
  });
  if (!result.valid) {
    return false;
  }
  // The TOTP result carries the matched step; the union type also covers HOTP, which has none.
  const step =
    'timeStep' in result ? Number(result.timeStep) : Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  await tx.update(staff).set({ totpLastStep: step }).where(eq(staff.id, member.id));
  return true;
}

export async function enableTotp(db: Database, staffId: bigint, code: string): Promise<TStaffTotpEnabled> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update');
    if (!member || member.totpEnabledAt !== null || !member.totpSecret) {
      throw new AppError('TOTP_CODE_INVALID');
    }
    if (!(await checkCode(tx, member, code))) {
      throw new AppError('TOTP_CODE_INVALID');
    }
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx
      .update(staff)
      .set({ totpEnabledAt: new Date(), totpRecoveryHashes: recoveryCodes.map(hashCode) })
      .where(eq(staff.id, staffId));
    await recordAudit(tx, {
      staffId,
      action: 'staff.totp_enable',
      targetType: 'staff',
      targetId: staffId,
      details: { before: { totp: false }, after: { totp: true, recoveryCodes: RECOVERY_CODE_COUNT } },
    });
    return { recoveryCodes };
  });
}

/**
 * The second step of a staff log-in, after the password was right: staff with TOTP must give the current
 * code or one unused recovery code (which is then spent).
 */
export async function verifyStaffSecondFactor(db: Database, staffId: bigint, code: string | undefined) {
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update');
    if (!member || member.totpEnabledAt === null) {
      return;
    }
    if (!code) {
      throw new AppError('TOTP_REQUIRED');
    }
    if (code.includes('-')) {
      const hash = hashCode(code);
      if (!member.totpRecoveryHashes.includes(hash)) {
        throw new AppError('TOTP_CODE_INVALID');
      }
      await tx
        .update(staff)
        .set({ totpRecoveryHashes: member.totpRecoveryHashes.filter((h) => h !== hash) })
        .where(eq(staff.id, staffId));
      await recordAudit(tx, {
        staffId,
        action: 'staff.totp_recovery_code_used',
        targetType: 'staff',
        targetId: staffId,
        details: {
          before: { recoveryCodesLeft: member.totpRecoveryHashes.length },
          after: { recoveryCodesLeft: member.totpRecoveryHashes.length - 1 },
        },
      });
      return;
    }
    if (!(await checkCode(tx, member, code))) {
      throw new AppError('TOTP_CODE_INVALID');
    }
  });
}
