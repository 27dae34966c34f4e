import {
  isValidIdNumber,
  normaliseIdNumber,
  PERSON_NAME_PATTERN,
  type TAdminVerification,
  type TIdType,
  type TMyVerification,
  type TSubmitAdvancedRequest,
  type TSubmitRealNameRequest,
  type TVerification,
  type TVerificationLevel,
  type TVerificationStatus,
  V,
} from '@caravan/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { isSupportedCountry } from 'libphonenumber-js/min';
import type { Database, Executor } from '../../db/client';
import { findPgError } from '../../db/pg-error';
import { identityVerifications, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import { assertOwnImages } from './images';

type TVerificationRow = typeof identityVerifications.$inferSelect;

const displayNameSql = users.username;

export function toVerification(row: TVerificationRow): TVerification {
  return {
    id: String(row.id),
    level: row.level,
    status: row.status,
    realName: row.realName,
    nationality: row.nationality,
    idType: row.idType as TIdType | null,
    idNumber: row.idNumber,
    images: {
      front: row.frontImageId === null ? null : String(row.frontImageId),
      back: row.backImageId === null ? null : String(row.backImageId),
      selfie: row.selfieImageId === null ? null : String(row.selfieImageId),
      addressProof: row.addressProofImageId === null ? null : String(row.addressProofImageId),
    },
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The latest submission of a level, or undefined. */
export async function findLatestVerification(
  db: Executor,
  userId: bigint,
  level: TVerificationLevel,
): Promise<TVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.level, level)))
    .orderBy(desc(identityVerifications.id))
    .limit(1);
  return row;
}

export async function getMyVerification(db: Executor, userId: bigint): Promise<TMyVerification> {
  const realName = await findLatestVerification(db, userId, 'real_name');
  const advanced = await findLatestVerification(db, userId, 'advanced');
  return {
    realName: realName ? toVerification(realName) : null,
    advanced: advanced ? toVerification(advanced) : null,
    realNameStatus: (realName?.status ?? 'not_submitted') as TVerificationStatus,
    advancedStatus: (advanced?.status ?? 'not_submitted') as TVerificationStatus,
  };
}

function assertCanSubmit(latest: TVerificationRow | undefined) {
  if (latest?.status === 'reviewing') {
    throw new AppError('VERIFICATION_PENDING');
  }
  if (latest?.status === 'approved') {
    throw new AppError('VERIFICATION_ALREADY_APPROVED');
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = findPgError(error);
  return pgError?.code === '23505' && (pgError.constraint === constraint || !pgError.constraint);
}

/** Real-name verification: name, nationality, ID type and number (checked per type, unique), photos. */
export async function submitRealName(
  db: Database,
  input: { userId: bigint; request: TSubmitRealNameRequest },
): Promise<TVerification> {
  const { request } = input;
  // Letters, marks, spaces, apostrophes, hyphens and dots: "Jane 😀 Doe" reached reviewers as typed (QA accounts #10).
  if (!PERSON_NAME_PATTERN.test(request.realName.trim())) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'realName', message: V.personName }] });
  }
  const nationality = request.nationality.trim().toUpperCase();
  // The countries the application's list offers (libphonenumber's, as the web's select): "ZZ" has the shape of a
  // code but names no country, and a reviewer saw "Unknown Region".
  if (!isSupportedCountry(nationality)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'nationality', message: V.invalidChoice }] });
  }
  if (!isValidIdNumber(request.idType, request.idNumber)) {
    // Named by its field, so the form says it beside the ID number (as VALIDATION_FAILED field errors).
    throw new AppError('VERIFICATION_ID_INVALID', {
      fields: [{ field: 'idNumber', message: V.idNumberInvalid }],
    });
  }
  if (request.idType === 'id_card' && request.backImageId === undefined) {
    throw new AppError('VERIFICATION_IMAGE_INVALID');
  }
  const frontId = BigInt(request.frontImageId);
  const backId = request.backImageId === undefined ? null : BigInt(request.backImageId);
  await assertOwnImages(db, input.userId, backId === null ? [frontId] : [frontId, backId]);
  assertCanSubmit(await findLatestVerification(db, input.userId, 'real_name'));
  const idNumberKey = normaliseIdNumber(request.idNumber);
  try {
    const [row] = await db
      .insert(identityVerifications)
      .values({
        userId: input.userId,
        level: 'real_name',
        realName: request.realName.trim(),
        nationality,
        idType: request.idType,
        idNumber: idNumberKey,
        idNumberKey,
        frontImageId: frontId,
        backImageId: backId,
      })
      .returning();
    return toVerification(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'identity_verifications_id_number_key')) {
      throw new AppError('VERIFICATION_ID_TAKEN');
    }
    if (isUniqueViolation(error, 'identity_verifications_live_key')) {
      throw new AppError('VERIFICATION_PENDING');
    }
    throw error;
  }
}

/** Advanced verification: needs an approved real-name verification; a selfie with the document, proof of address. */
export async function submitAdvanced(
  db: Database,
  input: { userId: bigint; request: TSubmitAdvancedRequest },
): Promise<TVerification> {
  const realName = await findLatestVerification(db, input.userId, 'real_name');
  if (realName?.status !== 'approved') {
    throw new AppError('VERIFICATION_REAL_NAME_FIRST');
  }
  const selfieId = BigInt(input.request.selfieImageId);
  const proofId = BigInt(input.request.addressProofImageId);
  // The route's schema refuses this too; callers of the service without it (tests, scripts) must not file a
  // submission whose two photos are one, which a reviewer could approve as two proofs.
  if (selfieId === proofId) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'addressProofImageId', message: V.addressProofSameAsSelfie }],
    });
  }
  await assertOwnImages(db, input.userId, [selfieId, proofId]);
  assertCanSubmit(await findLatestVerification(db, input.userId, 'advanced'));
  try {
    const [row] = await db
      .insert(identityVerifications)
      .values({
        userId: input.userId,
        level: 'advanced',
        realName: realName.realName,
        nationality: realName.nationality,
        idType: realName.idType,
        idNumber: realName.idNumber,
        selfieImageId: selfieId,
        addressProofImageId: proofId,
      })
      .returning();
    return toVerification(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'identity_verifications_live_key')) {
      throw new AppError('VERIFICATION_PENDING');
    }
    throw error;
  }
}

/** The staff queue, newest first, optionally of one status and level. */
export async function listAdminVerifications(
  db: Executor,
  query: {
    pageNum: number;
    pageSize: number;
    status?: TVerificationStatus | undefined;
    level?: TVerificationLevel | undefined;
  },
) {
  const filters: SQL[] = [];
  if (query.status && query.status !== 'not_submitted') {
    filters.push(eq(identityVerifications.status, query.status));
  }
  if (query.level) {
    filters.push(eq(identityVerifications.level, query.level));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(identityVerifications).where(where);
  const rows = await db
    .select({ v: identityVerifications, usercode: users.usercode, displayName: displayNameSql })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .where(where)
    .orderBy(desc(identityVerifications.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const pageList: TAdminVerification[] = rows.map(({ v, usercode, displayName }) =>
    toAdminVerification(v, usercode, displayName),
  );
  return { pageList, pageNum: query.pageNum, pageSize: query.pageSize, total: total?.n ?? 0 };
}

export function toAdminVerification(
  row: TVerificationRow,
  usercode: string,
  displayName: string | null,
): TAdminVerification {
  return {
    ...toVerification(row),
    userId: String(row.userId),
    usercode,
    userDisplayName: displayName ?? usercode,
    reviewerId: row.reviewerStaffId === null ? null : String(row.reviewerStaffId),
  };
}

/** Staff decision on a submission under review: approve, reject (final for this submission) or ask to resubmit. */
export async function reviewVerification(
  db: Database,
  input: {
    staffId: bigint;
    id: bigint;
    decision: 'approve' | 'reject' | 'resubmit';
    reason?: string | undefined;
  },
): Promise<TVerification> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.id, input.id))
      .for('update');
    if (!row) {
      throw new AppError('VERIFICATION_NOT_FOUND');
    }
    if (row.status !== 'reviewing') {
      throw new AppError('RECORD_ALREADY_REVIEWED');
    }
    const status =
      input.decision === 'approve' ? 'approved' : input.decision === 'reject' ? 'rejected' : 'resubmit';
    const [updated] = await tx
      .update(identityVerifications)
      .set({
        status,
        reason: input.decision === 'approve' ? null : (input.reason ?? null),
        reviewerStaffId: input.staffId,
        reviewedAt: new Date(),
      })
      .where(eq(identityVerifications.id, row.id))
      .returning();
    await recordAudit(tx, {
      staffId: input.staffId,
      action: `verification.${input.decision}`,
      targetType: 'identity_verification',
      targetId: row.id,
      details: {
        userId: String(row.userId),
        level: row.level,
        before: { status: row.status, reason: row.reason },
        after: { status, reason: updated!.reason },
      },
    });
    // The applicant learns the decision where the other reviews' decisions arrive, with the reviewer's reason.
    await notify(tx, {
      userId: row.userId,
      audience: 'buyer',
      event: `verification.${status}`,
      params: { verificationId: String(row.id), ...(updated!.reason ? { reason: updated!.reason } : {}) },
    });
    return toVerification(updated!);
  });
}

/** Submissions waiting for a staff decision (for the console's dashboard). */
export async function countWaitingVerifications(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(identityVerifications)
    .where(inArray(identityVerifications.status, ['reviewing']));
  return row?.n ?? 0;
}

/** The approved verification of a level, or undefined. */
export async function findApprovedVerification(
  db: Executor,
  userId: bigint,
  level: TVerificationLevel,
): Promise<TVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.userId, userId),
        eq(identityVerifications.level, level),
        eq(identityVerifications.status, 'approved'),
      ),
    )
    .limit(1);
  return row;
}
