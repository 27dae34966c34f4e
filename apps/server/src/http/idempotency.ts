import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './app-error';

/**
 * `Idempotency-Key` with Stripe's semantics (issue 10, defect 4), for every POST that creates an order or
 * moves money. Use it on a route after its authentication:
 *
 *     app.post('/api/v1/loans', { preHandler: [app.requireUser, app.idempotent], ... }, handler)
 *
 * - No header: the request runs as usual.
 * - First use of a key (per caller): the request runs; its answer (status and body, errors included) is
 *   kept for 24 hours. A 5xx answer is not kept (its transaction rolled back), so the key may be retried.
 * - Same key, same request (method, route, params, query and body): the first answer is replayed with
 *   `Idempotent-Replayed: true`; nothing runs again.
 * - Same key, another request: 422 `IDEMPOTENCY_KEY_REUSED`.
 * - Same key while the first is still running: 409 `IDEMPOTENCY_KEY_IN_PROGRESS`. The claim is one INSERT on
 *   the (caller, key) primary key, so of two concurrent duplicates exactly one runs, on PostgreSQL too.
 *   A claim whose process died before answering stays "running" until it expires: a retry then gets 409
 *   rather than a second charge.
 * Validation errors (400 from the schema) come before the claim and are not kept.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type TClaim = { actor: string; key: string };
type THandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.idempotent when this request claimed an Idempotency-Key; its answer is stored on send. */
    idempotencyClaim: TClaim | null;
  }
  interface FastifyInstance {
    /** preHandler (after the route's authentication) that makes a POST honour `Idempotency-Key`. */
    idempotent: THandler;
  }
}

/** JSON with object keys sorted, so the same body always gives the same fingerprint. */
function stableJson(value: unknown): string {
  if (typeof value === 'bigint') {
    return JSON.stringify(value.toString());
  }
  if (Array.isArray(value)) {
    return `[${value.map(stableJson).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestFingerprint(request: FastifyRequest): string {
  // The language only changes the words of the answer, so a retry in another language is the same request.
  const { lang: _lang, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const text = stableJson({
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    params: request.params ?? {},
    query,
    body: request.body ?? null,
  });
  return createHash('sha256').update(text).digest('hex');
}

function actorOf(request: FastifyRequest): string {
  if (request.staffMember) {
    return `staff:${request.staffMember.id}`;
  }
  if (request.seller) {
    return `seller:${request.seller.id}`;
  }
  if (request.user) {
    return `user:${request.user.id}`;
  }
  // Only authenticated routes take keys: an anonymous key would let strangers read each other's answers.
  throw new Error('app.idempotent must come after the route authentication');
}

function readKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) {
    return undefined;
  }
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID');
  }
  return raw;
}

async function claim(db: Database, actor: string, key: string, fingerprint: string): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      actor,
      key,
      fingerprint,
      state: 'running',
      expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/**
 * Gives up this request's claim on its key, so that a retry runs again: for answers that report a server fault
 * without a 5xx status (the legacy calls answer HTTP 200 with `code: 1` whatever happened).
 */
export async function releaseIdempotencyClaim(db: Database, request: FastifyRequest): Promise<void> {
  const held = request.idempotencyClaim;
  if (!held) {
    return;
  }
  request.idempotencyClaim = null;
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actor, held.actor), eq(idempotencyKeys.key, held.key)));
}

/** Deletes keys older than 24 hours (a timed job); returns how many went. */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.deps;
  app.decorateRequest('idempotencyClaim', null);

  app.decorate('idempotent', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = readKey(request);
    if (key === undefined) {
      return;
    }
    const actor = actorOf(request);
    const fingerprint = requestFingerprint(request);
    const where = and(eq(idempotencyKeys.actor, actor), eq(idempotencyKeys.key, key));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await claim(db, actor, key, fingerprint)) {
        request.idempotencyClaim = { actor, key };
        return;
      }
      const [stored] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (!stored) {
        continue; // Deleted in between (a 5xx answer, pruning): claim again.
      }
      if (stored.expiresAt.getTime() <= Date.now()) {
        await db
          .delete(idempotencyKeys)
          .where(and(where, eq(idempotencyKeys.fingerprint, stored.fingerprint)));
        continue;
      }
      if (stored.fingerprint !== fingerprint) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      if (stored.state !== 'done' || stored.responseStatus === null) {
        throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
      }
      void reply
        .status(stored.responseStatus)
        .header('content-type', stored.responseType ?? 'application/json; charset=utf-8')
        .header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      return reply.send(stored.responseBody ?? '');
    }
    throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
  });

  // Registered on the root before compression, so the payload here is still the JSON text.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) {
      return payload;
    }
    request.idempotencyClaim = null;
    const where = and(eq(idempotencyKeys.actor, held.actor), eq(idempotencyKeys.key, held.key));
    try {
      const text =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (reply.statusCode >= 500 || text === null) {
        await db.delete(idempotencyKeys).where(where);
      } else {
        const type = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            state: 'done',
            responseStatus: reply.statusCode,
            responseBody: text,
            responseType: typeof type === 'string' ? type : null,
          })
          .where(where);
      }
    } catch (err) {
      request.log.error({ err }, 'idempotency: could not store the answer');
    }
    return payload;
  });
});
