import { BUYER_SESSION_MARKER_COOKIE, MONEY_PERMISSIONS, type TPermission } from '@caravan/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roles, staff, type TSessionAudience } from '../db/schema';
import {
  clearBuyerSessionMarker,
  findSession,
  findSessionUser,
  hashToken,
  SESSION_CACHE_TOPIC,
  sessionCacheOf,
  sessionLifetime,
  setBuyerSessionMarker,
  touchSession,
} from '../modules/auth';
import { isTotpEnrolmentMissing } from '../modules/staff-totp';
import { AppError, isAppError } from './app-error';

export const SESSION_COOKIES: Record<TSessionAudience, string> = {
  buyer: 'caravan_session',
  seller: 'caravan_seller_session',
  staff: 'caravan_staff_session',
};

export type TAuthUser = {
  id: bigint;
  usercode: string;
  sessionId: bigint;
  token: string;
};
export type TAuthSeller = TAuthUser & { storeId: bigint };
export type TAuthStaff = {
  id: bigint;
  username: string;
  permissions: TPermission[];
  sessionId: bigint;
  token: string;
};

type THandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Marks the staff guards that `onRoute` below moves ahead of the schema check. */
const STAFF_GUARD = Symbol('staff guard');
type TRouteHook = (...args: never[]) => unknown;
const isStaffGuard = (hook: unknown): boolean =>
  typeof hook === 'function' && (hook as { [STAFF_GUARD]?: boolean })[STAFF_GUARD] === true;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / optionalUser: the logged-in buyer (or seller shopping as a buyer). */
    user: TAuthUser | null;
    /** Set by requireSeller. */
    seller: TAuthSeller | null;
    /** Set by requireStaff. */
    staffMember: TAuthStaff | null;
  }
  interface FastifyInstance {
    requireUser: THandler;
    optionalUser: THandler;
    requireSeller: THandler;
    /** A signed-in, active staff member; with permissions, one holding at least one of them (else 403). */
    requireStaff: (permission?: TPermission | readonly TPermission[]) => THandler;
  }
}

/**
 * Bearer header first (apps), then the audience's cookie (web). Never a `token` in the query: a URL ends up
 * in logs, proxies and browser history. Only the legacy calls read it (modules/legacy readLegacyToken).
 */
export function readToken(request: FastifyRequest, audience: TSessionAudience): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    return header.slice(7).trim() || undefined;
  }
  return request.cookies?.[SESSION_COOKIES[audience]] || undefined;
}

/** Answers that say the buyer's cookie holds no usable session (ended, expired, unknown, account disabled). */
const NO_SESSION_CODES = new Set(['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'USER_DISABLED']);

/** A browser's call: the session, if any, is its cookie (apps send a Bearer header and have no marker). */
function isCookieCall(request: FastifyRequest): boolean {
  return !request.headers.authorization?.startsWith('Bearer ');
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { db, config } = app.deps;
  const lifetime = sessionLifetime(app.deps.config);
  app.decorateRequest('user', null);
  app.decorateRequest('seller', null);
  app.decorateRequest('staffMember', null);

  const sellerCache = sessionCacheOf(db);
  // Another process ended sessions or disabled an account (forgetCachedSessions): forget ours too.
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = app.bus.subscribe(SESSION_CACHE_TOPIC, () => sellerCache.clear());
  });
  app.addHook('onClose', async () => unsubscribe?.());

  async function resolveUser(
    request: FastifyRequest,
    audience: 'buyer' | 'seller',
    isRequired: boolean,
    onLiveSession?: (expiresAt: Date) => void,
  ): Promise<TAuthSeller | TAuthUser | null> {
    const token = readToken(request, audience);
    if (!token) {
      if (isRequired) {
        throw new AppError('NOT_LOGGED_IN');
      }
      return null;
    }
    const isSeller = audience === 'seller';
    const key = isSeller ? hashToken(token) : '';
    const cached = isSeller ? sellerCache.get(key) : undefined;
    if (cached) {
      const touchedAt = await touchSession(db, cached.session, lifetime);
      if (touchedAt) {
        sellerCache.touched(key, touchedAt);
      }
      return { ...cached.user, sessionId: cached.session.id, token, storeId: cached.storeId };
    }
    const generation = sellerCache.begin();
    const found = await findSessionUser(db, token, audience, isSeller);
    const isExpired = found ? found.session.expiresAt.getTime() <= Date.now() : false;
    if (!found || isExpired || !found.session.userId) {
      if (isRequired) {
        throw new AppError(found ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
      }
      return null;
    }
    const { session, user } = found;
    if (user?.status !== 'active') {
      if (isRequired) {
        throw new AppError(user ? 'USER_DISABLED' : 'NOT_LOGGED_IN');
      }
      return null;
    }
    const touchedAt = await touchSession(db, session, lifetime);
    const resolved = { id: user.id, usercode: user.usercode, sessionId: session.id, token };
    if (!isSeller) {
      onLiveSession?.(session.expiresAt);
      return resolved;
    }
    if (found.storeId === null) {
      throw new AppError('NOT_A_SELLER');
    }
    sellerCache.set(
      key,
      {
        session: touchedAt ? { ...session, lastSeenAt: touchedAt } : session,
        user: { id: user.id, usercode: user.usercode },
        storeId: found.storeId,
      },
      generation,
    );
    return { ...resolved, storeId: found.storeId };
  }

  /**
   * Keeps the page's session marker (modules/auth cookies.ts) true to the cookie it stands for, on the calls that
   * need a session (the storefront's first one is /auth/me): cleared once a call finds no usable session behind it
   * (expired, signed out on another device, ended by a password change or reset, account disabled), set when a live
   * cookie session lacks it (a log-in from before the marker existed, or a stale call's late 401 that cleared the
   * marker of a log-in made meanwhile). The session cookie itself is left alone: that late 401 clearing it would end
   * the new log-in.
   */
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const keepsMarker = isCookieCall(request);
    const hasMarker = Boolean(request.cookies?.[BUYER_SESSION_MARKER_COOKIE]);
    try {
      request.user = await resolveUser(request, 'buyer', true, (expiresAt) => {
        if (keepsMarker && !hasMarker) {
          setBuyerSessionMarker(reply, config, expiresAt);
        }
      });
    } catch (error) {
      if (keepsMarker && hasMarker && isAppError(error) && NO_SESSION_CODES.has(error.code)) {
        clearBuyerSessionMarker(reply, config);
      }
      throw error;
    }
  });
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await resolveUser(request, 'buyer', false);
  });
  app.decorate('requireSeller', async (request: FastifyRequest) => {
    const seller = await resolveUser(request, 'seller', true);
    if (!seller || !('storeId' in seller)) {
      throw new AppError('NOT_LOGGED_IN');
    }
    request.seller = seller;
  });
  // A staff route's guard runs before its schema check (preValidation, not preHandler): a role without the right got
  // 400 with the body's fields and rules, or the password policy, and only a valid body got its 403 (QA, 2026-12-03).
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat() as TRouteHook[];
    const guards = handlers.filter(isStaffGuard);
    if (guards.length === 0) {
      return;
    }
    route.preHandler = handlers.filter((hook) => !isStaffGuard(hook)) as typeof route.preHandler;
    route.preValidation = [
      ...([route.preValidation ?? []].flat() as TRouteHook[]),
      ...guards,
    ] as typeof route.preValidation;
  });

  app.decorate('requireStaff', (permission?: TPermission | readonly TPermission[]) => {
    const anyOf: readonly TPermission[] = permission === undefined ? [] : [permission].flat();
    const guard: THandler = async (request) => requireStaffMember(request, anyOf);
    return Object.assign(guard, { [STAFF_GUARD]: true });
  });

  async function requireStaffMember(request: FastifyRequest, anyOf: readonly TPermission[]): Promise<void> {
    const token = readToken(request, 'staff');
    if (!token) {
      throw new AppError('NOT_LOGGED_IN');
    }
    const found = await findSession(db, token, 'staff');
    if (!found || found.isExpired || !found.session.staffId) {
      throw new AppError(found ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
    }
    const [member] = await db
      .select({
        id: staff.id,
        username: staff.username,
        status: staff.status,
        permissions: roles.permissions,
        totpEnabledAt: staff.totpEnabledAt,
      })
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .where(and(eq(staff.id, found.session.staffId)))
      .limit(1);
    if (member?.status !== 'active') {
      throw new AppError('USER_DISABLED');
    }
    const permissions = member.permissions as TPermission[];
    const held = anyOf.filter((p) => permissions.includes(p));
    if (anyOf.length > 0 && held.length === 0) {
      throw new AppError('NO_PERMISSION');
    }
    if (
      held.some((p) => (MONEY_PERMISSIONS as readonly string[]).includes(p)) &&
      (await isTotpEnrolmentMissing(db, { totpEnabledAt: member.totpEnabledAt, permissions }))
    ) {
      throw new AppError('TOTP_ENROLMENT_REQUIRED');
    }
    await touchSession(db, found.session, lifetime);
    request.staffMember = {
      id: member.id,
      username: member.username,
      permissions,
      sessionId: found.session.id,
      token,
    };
  }
});
