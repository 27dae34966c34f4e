import type { TErrorCode } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { readToken, type TAuthUser } from '../../http/auth';
import { findSession, sessionLifetime, touchSession } from '../auth';

/** What a legacy action receives: the merged query and body parameters as strings, and the raw body. */
export type TLegacyContext = {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  params: Record<string, string>;
  body: unknown;
  /** Whether the call changes state: it then came by POST, and only an explicit token identifies the buyer. */
  changesState: boolean;
};

/** Returns the `data` of the answer `{ code: 0, msg: '', data }`; throws AppError for `{ code: 1, msg }`. */
export type TLegacyHandler = (ctx: TLegacyContext) => Promise<unknown>;

export type TLegacyAction = { handler: TLegacyHandler; changesState: boolean; isIdempotent: boolean };

export type TLegacyActionOptions = {
  /**
   * Marks a call that only reads: it may come by GET and the web's session cookie identifies the buyer.
   * Without it a call counts as changing state (the safe default for calls added later): it must come by
   * POST and carry the token the old apps send (`token` in query or body, or a Bearer header), never the
   * session cookie alone, so another site cannot make a logged-in browser perform it (CSRF).
   */
  readOnly?: boolean;
  /**
   * Marks a call that creates an order or moves money: like its v1 route it honours `Idempotency-Key` (the old
   * apps retry on a lost answer too), and the buyer is known from the token before it runs.
   */
  idempotent?: boolean;
};

/** The options of a call that only reads. */
export const READ_ONLY: TLegacyActionOptions = { readOnly: true };
/** The options of a call that creates an order or moves money. */
export const MONEY_CALL: TLegacyActionOptions = { idempotent: true };

const LEGACY_ACTIONS = new Map<string, TLegacyAction>();

/**
 * Adds one legacy call, named `<entity>!<action>` as in SPEC §7 (e.g. 'sellerGoods!list' answers
 * /api/sellerGoods!list.action and /wap/api/sellerGoods!list.action). Call it at module load time.
 * Pass `{ readOnly: true }` for a call that changes nothing.
 */
export function registerLegacyAction(
  name: string,
  handler: TLegacyHandler,
  options: TLegacyActionOptions = {},
) {
  if (LEGACY_ACTIONS.has(name)) {
    throw new Error(`legacy action ${name} is registered twice`);
  }
  if (options.readOnly && options.idempotent) {
    throw new Error(`legacy action ${name} cannot both only read and move money`);
  }
  LEGACY_ACTIONS.set(name, {
    handler,
    changesState: options.readOnly !== true,
    isIdempotent: options.idempotent === true,
  });
}

export function findLegacyAction(name: string): TLegacyAction | undefined {
  return LEGACY_ACTIONS.get(name);
}

/** Names of the calls that change state (POST and an explicit token only). */
export function listStateChangingLegacyActions(): string[] {
  return [...LEGACY_ACTIONS.entries()]
    .filter(([, action]) => action.changesState)
    .map(([name]) => name)
    .sort();
}

/**
 * The token a legacy call identifies the buyer with. A call that changes state takes only what the old
 * apps send explicitly (Bearer header, `token` in query or body); a read also takes the web's cookie.
 */
export function readLegacyToken(ctx: TLegacyContext): string | undefined {
  const header = ctx.request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    return header.slice(7).trim() || undefined;
  }
  if (ctx.params.token) {
    return ctx.params.token;
  }
  return ctx.changesState ? undefined : readToken(ctx.request, 'buyer');
}

export function listLegacyActions(): string[] {
  return [...LEGACY_ACTIONS.keys()].sort();
}

/**
 * Builds a request object for a v1 zod schema from legacy parameters: each target field takes the
 * first alias present (the old apps used several spellings), then the schema validates it.
 */
export function mapLegacyParams(
  params: Record<string, string>,
  aliases: Record<string, readonly string[]>,
): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [target, names] of Object.entries(aliases)) {
    const name = names.find((n) => params[n] !== undefined);
    if (name !== undefined) {
      mapped[target] = params[name]!;
    }
  }
  return mapped;
}

/** Validates with a v1 schema; a failure carries the first field's validation key, as the v1 API does. */
export function parseLegacy<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', { fields });
  }
  return result.data;
}

/** The buyer behind the legacy token (see readLegacyToken: a state-changing call never takes the cookie alone). */
export async function requireLegacyUser(ctx: TLegacyContext): Promise<TAuthUser> {
  const { db, config } = ctx.app.deps;
  const token = readLegacyToken(ctx);
  if (!token) {
    throw new AppError('NOT_LOGGED_IN');
  }
  const found = await findSession(db, token, 'buyer');
  if (!found || found.isExpired || !found.session.userId) {
    throw new AppError(found ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
  }
  const [user] = await db
    .select({ id: users.id, usercode: users.usercode, status: users.status })
    .from(users)
    .where(eq(users.id, found.session.userId))
    .limit(1);
  if (!user) {
    throw new AppError('NOT_LOGGED_IN');
  }
  if (user.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  await touchSession(db, found.session, sessionLifetime(config));
  return { id: user.id, usercode: user.usercode, sessionId: found.session.id, token };
}

/** Session errors answer `code: 403` so the old clients clear the token and go to / (SPEC §4). */
export const LEGACY_SESSION_CODES: ReadonlySet<TErrorCode> = new Set(['NOT_LOGGED_IN', 'SESSION_EXPIRED']);
