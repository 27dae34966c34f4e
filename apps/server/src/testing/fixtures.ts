import { parseMoney, type TPermission } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { roles, staff, users } from '../db/schema';
import { createSession, hashPassword, newInvitationCode, newUsercode } from '../modules/auth';
import { postLedgerTransaction } from '../modules/ledger';

/** Shared test data: buyers and staff with sessions, and wallet money. */
let counter = 0;

/** A buyer with a session (and a transaction password when given); for tests and benchmarks. */
export async function createTestUser(
  db: Executor,
  options: { txPassword?: string; withSession?: boolean } = {},
): Promise<{ id: bigint; token: string }> {
  counter += 1;
  const name = `walletuser${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
  const [user] = await db
    .insert(users)
    .values({
      usercode: newUsercode(),
      username: name.slice(0, 30),
      passwordHash: 'not-used-in-tests',
      txPasswordHash: options.txPassword ? await hashPassword(options.txPassword) : null,
      invitationCode: newInvitationCode(),
    })
    .returning({ id: users.id });
  if (!user) {
    throw new Error('user not created');
  }
  if (options.withSession === false) {
    return { id: user.id, token: '' };
  }
  const { token } = await createSession(db, { audience: 'buyer', userId: user.id, ttlHours: 1 });
  return { id: user.id, token };
}

/** A staff member whose role has exactly `permissions`, with a staff session. */
export async function createTestStaff(
  db: Executor,
  permissions: TPermission[],
): Promise<{ id: bigint; token: string }> {
  counter += 1;
  const suffix = `${process.pid}-${counter}-${Math.floor(Math.random() * 1e6)}`;
  const [role] = await db
    .insert(roles)
    .values({ name: `role-${suffix}`, permissions: sql`${`{${permissions.join(',')}}`}::text[]` })
    .returning({ id: roles.id });
  const [member] = await db
    .insert(staff)
    .values({
      username: `staff-${suffix}`,
      displayName: 'Test staff',
      passwordHash: 'not-used-in-tests',
      roleId: role!.id,
    })
    .returning({ id: staff.id });
  const { token } = await createSession(db, { audience: 'staff', staffId: member!.id, ttlHours: 1 });
  return { id: member!.id, token };
}

let depositSeq = 0;

/** Wallet money for a test user, as a deposit from chain clearing. */
export async function fundUser(db: Database, userId: bigint, amount: string): Promise<void> {
  depositSeq += 1;
  await db.transaction((tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: `test-deposit:${userId}:${depositSeq}:${Date.now()}`,
      kind: 'deposit',
      postings: [
        { account: { kind: 'chain_clearing' }, amount: -parseMoney(amount) },
        { account: { kind: 'user_available', userId }, amount: parseMoney(amount) },
      ],
    }),
  );
}
