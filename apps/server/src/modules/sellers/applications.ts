import type {
  TAdminMerchantApplication,
  TAdminMerchantApplicationsQuery,
  TMerchantApplication,
  TMerchantApplicationRequest,
  TMyMerchantApplicationResponse,
  TPage,
} from '@caravan/contracts';
import { V, ZMerchantApplicationRequest } from '@caravan/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isSupportedCountry } from 'libphonenumber-js/min';
import type { Database, Executor } from '../../db/client';
import { listOrderBy } from '../../db/list-sort';
import { categories, merchantApplications, stores, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { clearCatalogCache } from '../catalog';
import { notify } from '../notifications';
import { findOwnMerchantDocuments } from './documents';
import { resolveSellerImages } from './images';

type TApplicationRow = typeof merchantApplications.$inferSelect;

const WAITING = ['submitted', 'reviewing'] as const;

function toApplication(row: TApplicationRow): TMerchantApplication {
  return {
    id: String(row.id),
    status: row.status,
    shopName: row.shopName,
    logo: row.logo ?? null,
    categoryIds: row.categoryIds,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    country: row.country,
    description: row.description,
    documents: row.privateDocuments,
    rejectReason: row.rejectReason,
    storeId: row.storeId === null ? null : String(row.storeId),
    submittedAt: row.submittedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

/** For the admin dashboard's queues (console, issue 16): applications waiting for a decision. */
export async function countWaitingMerchantApplications(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(merchantApplications)
    .where(inArray(merchantApplications.status, [...WAITING]));
  return row?.n ?? 0;
}

/** A shop name is unique regardless of case among shops and applications still waiting. */
async function assertShopNameFree(
  tx: Executor,
  name: string,
  exceptUserId: bigint | null,
  /** The form's field the name is in: the application's `shopName`, the shop settings' `name`. */
  field = 'shopName',
): Promise<void> {
  const lowered = name.toLowerCase();
  const [store] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(
      exceptUserId === null
        ? sql`lower(${stores.name}) = ${lowered}`
        : sql`lower(${stores.name}) = ${lowered} and ${stores.ownerUserId} <> ${exceptUserId}`,
    )
    .limit(1);
  const [pending] = await tx
    .select({ id: merchantApplications.id })
    .from(merchantApplications)
    .where(
      and(
        sql`lower(${merchantApplications.shopName}) = ${lowered}`,
        inArray(merchantApplications.status, [...WAITING]),
        exceptUserId === null ? undefined : sql`${merchantApplications.userId} <> ${exceptUserId}`,
      ),
    )
    .limit(1);
  if (store || pending) {
    throw new AppError('SHOP_NAME_TAKEN', { field });
  }
}

export { assertShopNameFree };

/**
 * A country the web's lists offer (libphonenumber's regions, as real-name verification checks): "ZZ" has the shape
 * of a code but names no country. An empty code (not given) passes.
 */
export function assertKnownCountry(field: string, code: string): void {
  if (code !== '' && !isSupportedCountry(code)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field, message: V.invalidChoice }] });
  }
}

export async function getMyApplication(
  db: Database,
  userId: bigint,
): Promise<TMyMerchantApplicationResponse> {
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.userId, userId));
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerUserId, userId));
  return { application: row ? toApplication(row) : null, hasStore: Boolean(store) };
}

/** Submits an application, or resubmits a rejected one (the same row goes back to "submitted"). */
export async function submitApplication(
  db: Database,
  uploadDir: string,
  userId: bigint,
  input: TMerchantApplicationRequest,
): Promise<TMerchantApplication> {
  const body = ZMerchantApplicationRequest.parse(input);
  const [previous] = await db
    .select({ logo: merchantApplications.logo })
    .from(merchantApplications)
    .where(eq(merchantApplications.userId, userId));
  const used = new Set(previous?.logo ? [previous.logo.url] : []);
  // The logo becomes the shop's public logo; the documents are private pictures, the applicant's own.
  const [logo] = body.logo ? await resolveSellerImages(db, uploadDir, { userId }, [body.logo], used) : [];
  const documents = await findOwnMerchantDocuments(db, userId, body.documents);
  return db.transaction(async (tx) => {
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.ownerUserId, userId));
    if (store) {
      throw new AppError('SHOP_ALREADY_EXISTS');
    }
    const [current] = await tx
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.userId, userId))
      .for('update');
    if (current && current.status !== 'rejected') {
      throw new AppError('MERCHANT_APPLICATION_PENDING');
    }
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, body.categoryIds.map(BigInt)));
    if (found.length !== new Set(body.categoryIds).size) {
      throw new AppError('CATEGORY_NOT_FOUND', { field: 'categoryIds' });
    }
    await assertShopNameFree(tx, body.shopName, userId);
    assertKnownCountry('country', body.country);
    const values = {
      status: 'submitted' as const,
      shopName: body.shopName,
      logo: logo ?? null,
      categoryIds: [...new Set(body.categoryIds)],
      contactEmail: body.contactEmail,
      contactPhone: body.contactPhone,
      country: body.country,
      description: body.description,
      privateDocuments: documents,
      // Public pictures of an application sent before documents were private are replaced, never sent again.
      legacyDocuments: [],
      rejectReason: null,
      reviewedBy: null,
      reviewedAt: null,
      submittedAt: new Date(),
      updatedAt: new Date(),
    };
    const [row] = current
      ? await tx
          .update(merchantApplications)
          .set(values)
          .where(eq(merchantApplications.id, current.id))
          .returning()
      : await tx
          .insert(merchantApplications)
          .values({ ...values, userId })
          .returning();
    return toApplication(row!);
  });
}

export async function listApplications(
  db: Database,
  query: TAdminMerchantApplicationsQuery & { pageNum: number; pageSize: number },
): Promise<TPage<TAdminMerchantApplication>> {
  const where =
    query.status === 'waiting'
      ? inArray(merchantApplications.status, [...WAITING])
      : query.status
        ? eq(merchantApplications.status, query.status)
        : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: merchantApplications, username: users.username, usercode: users.usercode })
      .from(merchantApplications)
      .innerJoin(users, eq(users.id, merchantApplications.userId))
      .where(where)
      .orderBy(
        ...listOrderBy(query, { submittedAt: merchantApplications.submittedAt }, merchantApplications.id, [
          desc(merchantApplications.updatedAt),
          desc(merchantApplications.id),
        ]),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(merchantApplications).where(where),
  ]);
  return {
    pageList: rows.map((r) => ({
      ...toApplication(r.row),
      userId: String(r.row.userId),
      username: r.username ?? r.usercode,
      legacyDocuments: r.row.legacyDocuments,
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

async function lockWaiting(tx: Executor, id: bigint): Promise<TApplicationRow> {
  const [row] = await tx
    .select()
    .from(merchantApplications)
    .where(eq(merchantApplications.id, id))
    .for('update');
  if (!row) {
    throw new AppError('MERCHANT_NOT_FOUND');
  }
  if (!(WAITING as readonly string[]).includes(row.status)) {
    throw new AppError('MERCHANT_APPLICATION_STATUS_INVALID');
  }
  return row;
}

/** Approves: creates the active shop (the account can then log in to /seller). Audited. */
export async function approveApplication(
  db: Database,
  staffId: bigint,
  id: bigint,
): Promise<TMerchantApplication> {
  const result = await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    const [existing] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.ownerUserId, row.userId));
    if (existing) {
      throw new AppError('SHOP_ALREADY_EXISTS');
    }
    await assertShopNameFree(tx, row.shopName, row.userId);
    const [user] = await tx
      .select({ lang: users.lang, status: users.status })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('update');
    // A shop nobody can log in to would sell in the platform's name (QA accounts #2).
    if (user?.status === 'cancelled') {
      throw new AppError('ACCOUNT_CANCELLED');
    }
    if (user?.status !== 'active') {
      throw new AppError('USER_DISABLED');
    }
    const [store] = await tx
      .insert(stores)
      .values({
        ownerUserId: row.userId,
        name: row.shopName,
        description: row.description,
        lang: user?.lang ?? 'en',
        status: 'active',
        logo: row.logo,
        logoUrl: row.logo?.url ?? null,
        contactEmail: row.contactEmail,
        contactPhone: row.contactPhone,
        shipFromCountry: row.country,
      })
      .returning({ id: stores.id });
    const now = new Date();
    const [updated] = await tx
      .update(merchantApplications)
      .set({ status: 'approved', storeId: store!.id, reviewedBy: staffId, reviewedAt: now, updatedAt: now })
      .where(eq(merchantApplications.id, id))
      .returning();
    await recordAudit(tx, {
      staffId,
      action: 'merchant_application.approve',
      targetType: 'merchant_application',
      targetId: id,
      details: { before: { status: row.status }, after: { status: 'approved', storeId: String(store!.id) } },
    });
    // The applicant reads it in the user centre; the same account now has a seller console too.
    await notify(
      tx,
      (['buyer', 'seller'] as const).map((audience) => ({
        userId: row.userId,
        audience,
        event: 'merchant.approved' as const,
        params: { shopName: row.shopName },
      })),
    );
    return updated!;
  });
  clearCatalogCache(db);
  return toApplication(result);
}

export async function rejectApplication(
  db: Database,
  staffId: bigint,
  id: bigint,
  reason: string,
): Promise<TMerchantApplication> {
  const result = await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    const now = new Date();
    const [updated] = await tx
      .update(merchantApplications)
      .set({ status: 'rejected', rejectReason: reason, reviewedBy: staffId, reviewedAt: now, updatedAt: now })
      .where(eq(merchantApplications.id, id))
      .returning();
    await recordAudit(tx, {
      staffId,
      action: 'merchant_application.reject',
      targetType: 'merchant_application',
      targetId: id,
      details: { before: { status: row.status }, after: { status: 'rejected', reason } },
    });
    await notify(tx, {
      userId: row.userId,
      audience: 'buyer',
      event: 'merchant.rejected',
      params: { shopName: row.shopName, reason },
    });
    return updated!;
  });
  return toApplication(result);
}

/** Opening an application in the queue marks it "under review" so the applicant sees someone is on it. */
export async function markReviewing(
  db: Database,
  staffId: bigint,
  id: bigint,
): Promise<TMerchantApplication> {
  const result = await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    if (row.status === 'reviewing') {
      return row;
    }
    const [updated] = await tx
      .update(merchantApplications)
      .set({ status: 'reviewing', updatedAt: new Date() })
      .where(eq(merchantApplications.id, id))
      .returning();
    await recordAudit(tx, {
      staffId,
      action: 'merchant_application.review',
      targetType: 'merchant_application',
      targetId: id,
      details: { before: { status: row.status }, after: { status: 'reviewing' } },
    });
    return updated!;
  });
  return toApplication(result);
}
