import { type TAddress, type TAddressRequest, ZAddressRequest } from '@caravan/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { addresses } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { assertPossibleMobile } from '../verification-codes';
import { resolveRegion } from './regions';
import { getAddressLimit } from './settings';

type TAddressInput = z.output<typeof ZAddressRequest>;
type TAddressRow = typeof addresses.$inferSelect;

export function toAddress(row: TAddressRow): TAddress {
  return {
    id: row.id.toString(),
    consignee: row.consignee,
    areaCode: row.areaCode,
    phone: row.phone,
    country: row.country,
    countryName: row.countryName,
    state: row.state,
    stateName: row.stateName,
    city: row.city,
    postcode: row.postcode,
    detail: row.detail,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Transaction-scoped lock on one user's address book, so the limit and the single default hold. */
function sqlLockUser(userId: bigint) {
  return sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`;
}

function checkRegion(input: TAddressInput) {
  const region = resolveRegion(input);
  if ('field' in region) {
    // The field and a validation key, as VALIDATION_FAILED's: the error handler words it in the reader's language.
    throw new AppError('ADDRESS_INVALID', { fields: [{ field: region.field, message: region.message }] });
  }
  return region;
}

/** The stored columns of a checked address request (region names resolved). */
function toColumns(input: TAddressInput, region: ReturnType<typeof checkRegion>) {
  return {
    consignee: input.consignee,
    areaCode: input.areaCode,
    phone: input.phone,
    ...region,
    postcode: input.postcode,
    detail: input.detail,
  };
}

/** Unsets the user's current default, inside the transaction that sets the new one. */
async function clearDefault(tx: Executor, userId: bigint) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function listAddresses(
  db: Executor,
  userId: bigint,
): Promise<{ list: TAddress[]; limit: number }> {
  const [rows, limit] = await Promise.all([
    db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    getAddressLimit(db),
  ]);
  return { list: rows.map(toAddress), limit };
}

/** The user's address by id; another user's address is reported as not found. */
export async function findAddress(db: Executor, userId: bigint, addressId: bigint): Promise<TAddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) {
    throw new AppError('ADDRESS_NOT_FOUND');
  }
  return row;
}

/** The user's default address, else the oldest one, else null. */
export async function findDefaultAddress(db: Executor, userId: bigint): Promise<TAddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .limit(1);
  return row ?? null;
}

export async function createAddress(
  db: Database,
  userId: bigint,
  request: TAddressRequest,
): Promise<TAddress> {
  const input = ZAddressRequest.parse(request);
  const region = checkRegion(input);
  assertPossibleMobile(input.areaCode, input.phone);
  return db.transaction(async (tx) => {
    // Serialises concurrent adds of one user so the limit holds.
    await tx.execute(sqlLockUser(userId));
    const limit = await getAddressLimit(tx);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (n >= limit) {
      throw new AppError('ADDRESS_LIMIT_REACHED', { limit }, { limit });
    }
    const isDefault = input.isDefault || n === 0;
    if (isDefault) {
      await clearDefault(tx, userId);
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...toColumns(input, region), isDefault })
      .returning();
    return toAddress(row!);
  });
}

export async function updateAddress(
  db: Database,
  userId: bigint,
  addressId: bigint,
  request: TAddressRequest,
): Promise<TAddress> {
  const input = ZAddressRequest.parse(request);
  const region = checkRegion(input);
  assertPossibleMobile(input.areaCode, input.phone);
  return db.transaction(async (tx) => {
    await tx.execute(sqlLockUser(userId));
    const current = await findAddress(tx, userId, addressId);
    // The only address stays the default; unticking the default keeps it until another is chosen.
    const isDefault = input.isDefault || current.isDefault;
    if (isDefault && !current.isDefault) {
      await clearDefault(tx, userId);
    }
    const [row] = await tx
      .update(addresses)
      .set({ ...toColumns(input, region), isDefault, updatedAt: new Date() })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    return toAddress(row!);
  });
}

export async function deleteAddress(db: Database, userId: bigint, addressId: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sqlLockUser(userId));
    const current = await findAddress(tx, userId, addressId);
    await tx.delete(addresses).where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (current.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), ne(addresses.id, addressId)))
        .orderBy(asc(addresses.id))
        .limit(1);
      if (next) {
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
    }
  });
}
