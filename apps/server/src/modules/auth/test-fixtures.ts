import type { TLoginRequest, TRegisterRequest, TUserInfo } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, staff, stores } from '../../db/schema';
import type { TTestContext } from '../../testing/test-app';
import { hashPassword } from './passwords';

let counter = 0;

/** A fresh valid username for one test. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 30);
}

export function registerBody(overrides: Partial<TRegisterRequest> = {}): TRegisterRequest {
  return {
    accountType: 'username',
    account: uniqueName(),
    password: 'Sekrit-12x',
    confirmPassword: 'Sekrit-12x',
    ...overrides,
  };
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<TRegisterRequest> = {},
): Promise<{ token: string; user: TUserInfo; body: TRegisterRequest }> {
  const body = registerBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (res.statusCode !== 201) {
    throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  }
  return { ...(res.json() as { token: string; user: TUserInfo }), body };
}

export function login(app: FastifyInstance, body: TLoginRequest, url = '/api/v1/auth/login') {
  return app.inject({ method: 'POST', url, payload: body });
}

export async function createStore(ctx: TTestContext, userId: string): Promise<bigint> {
  const [store] = await ctx.database.db
    .insert(stores)
    .values({ ownerUserId: BigInt(userId), name: `Shop ${userId}` })
    .returning({ id: stores.id });
  return store!.id;
}

/** A staff member with the named system role (or a new role with the given permissions). */
export async function createStaffMember(
  ctx: TTestContext,
  input: { role?: string; permissions?: string[]; password?: string; username?: string },
): Promise<{ id: bigint; username: string; password: string; token: string }> {
  const db = ctx.database.db;
  let roleId: bigint;
  if (input.role) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.role));
    roleId = role!.id;
  } else {
    const [role] = await db
      .insert(roles)
      .values({ name: uniqueName('role'), permissions: input.permissions ?? [] })
      .returning({ id: roles.id });
    roleId = role!.id;
  }
  const username = input.username ?? uniqueName('staff');
  const password = input.password ?? 'staffpw1';
  const [member] = await db
    .insert(staff)
    .values({ username, displayName: username, passwordHash: await hashPassword(password), roleId })
    .returning({ id: staff.id });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) {
    throw new Error(`staff login failed: ${res.body}`);
  }
  return { id: member!.id, username, password, token: (res.json() as { token: string }).token };
}
export { solveChallenge } from './challenge';
