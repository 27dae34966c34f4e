import { isLanguage, type TUserInfo } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stores, users } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type TUserRow = typeof users.$inferSelect;

export function toUserInfo(user: TUserRow, isSeller: boolean): TUserInfo {
  return {
    id: String(user.id),
    usercode: user.usercode,
    username: user.username,
    email: user.email,
    areaCode: user.areaCode,
    phone: user.phone,
    displayName: user.username ?? user.email ?? `${user.areaCode ?? ''} ${user.phone ?? ''}`.trim(),
    avatar: user.avatar,
    invitationCode: user.invitationCode,
    hasTxPassword: user.txPasswordHash !== null,
    isSeller,
    lang: isLanguage(user.lang) ? user.lang : null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function findUserStore(db: Executor, userId: bigint) {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, logoUrl: stores.logoUrl, status: stores.status })
    .from(stores)
    .where(eq(stores.ownerUserId, userId))
    .limit(1);
  return store;
}

export async function getUserInfo(db: Executor, userId: bigint): Promise<TUserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) {
    throw new AppError('USER_NOT_FOUND');
  }
  return toUserInfo(user, (await findUserStore(db, userId)) !== undefined);
}

/** The account acting on itself (changing a password, replacing the transaction password); only an active one may. */
export async function getActiveUser(db: Executor, userId: bigint): Promise<TUserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (user.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  return user;
}
