import { STAFF_PERMISSIONS } from '@caravan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/auth';
import { createStore } from '../modules/auth/test-fixtures';
import { createTestStaff, createTestUser } from '../testing/fixtures';
import { createTestApp, json, type TTestContext } from '../testing/test-app';

/**
 * Issue 10, defect 3: every operation of the OpenAPI document, called with hostile inputs (NUL characters,
 * 19-digit ids, huge arrays, wrong types), answers 4xx, never 5xx. It walks /api/docs/json, so routes added
 * later are covered too.
 */
type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  enum?: unknown[];
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  minimum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};
type TParameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: TSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
};
type TOpenApi = { paths: Record<string, Record<string, TOperation>> };

const NUL = 'a\u0000b';
const BIG_ID = '9999999999999999999';
const HUGE_ARRAY_LENGTH = 5000;
/** Calls that end the caller's own session; they get a fresh one anyway, but keep the walk readable. */
const SKIPPED_PATHS = new Set(['/api/docs/json', '/api/docs/yaml']);

function firstOf(schema: TSchema): TSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}

/** A plausible value for a schema: enough for validation to pass often, so the hostile part goes deep. */
function sample(schemaIn: TSchema | undefined, depth = 0): unknown {
  if (!schemaIn || depth > 6) {
    return 'x';
  }
  const schema = firstOf(schemaIn);
  if (schema.enum?.length) {
    return schema.enum[0];
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = sample(value, depth + 1);
      }
      return out;
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return schema.pattern?.includes('\\d') ? '1' : 'sample text';
  }
}

type TMutation = (value: unknown, schema: TSchema | undefined) => unknown;

/** Applies `mutate` to every leaf (or array, for `onArrays`) of a sampled value. */
function mutateAll(
  value: unknown,
  schema: TSchema | undefined,
  mutate: TMutation,
  onArrays = false,
): unknown {
  const s = schema ? firstOf(schema) : undefined;
  if (Array.isArray(value)) {
    // Arrays are made huge at the outermost level only (nested huge arrays would multiply).
    return onArrays ? mutate(value, s) : value.map((v) => mutateAll(v, s?.items, mutate, onArrays));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, mutateAll(v, s?.properties?.[k], mutate, onArrays)]),
    );
  }
  return onArrays ? value : mutate(value, s);
}

const toNul: TMutation = (v) => (typeof v === 'string' ? NUL : v);
const toBigId: TMutation = (v) =>
  typeof v === 'string' || typeof v === 'number' ? (typeof v === 'number' ? 1e20 : BIG_ID) : v;
const toWrongType: TMutation = (v) =>
  typeof v === 'string' ? { nested: [1] } : typeof v === 'number' ? 'x' : 7;
const toHugeArray: TMutation = (v) =>
  Array.isArray(v) ? Array.from({ length: HUGE_ARRAY_LENGTH }, () => v[0] ?? 'x') : v;

describe('hostile inputs on every operation of the OpenAPI document (issue 10, defect 3)', () => {
  let ctx: TTestContext;
  let doc: TOpenApi;
  let buyerId: bigint;
  let sellerUserId: bigint;
  let staffToken = '';

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    doc = json<TOpenApi>(await ctx.app.inject({ method: 'GET', url: '/api/docs/json' }));
    buyerId = (await createTestUser(db)).id;
    sellerUserId = (await createTestUser(db)).id;
    await createStore(ctx, sellerUserId.toString());
    staffToken = (await createTestStaff(db, [...STAFF_PERMISSIONS])).token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A fresh session of the audience the path belongs to (a hostile call may have ended the last one). */
  async function tokenFor(path: string): Promise<string> {
    const db = ctx.database.db;
    if (path.startsWith('/api/v1/admin') || path.startsWith('/api/v1/cs')) {
      return staffToken;
    }
    if (path.startsWith('/api/v1/seller')) {
      return (await createSession(db, { audience: 'seller', userId: sellerUserId, ttlHours: 1 })).token;
    }
    return (await createSession(db, { audience: 'buyer', userId: buyerId, ttlHours: 1 })).token;
  }

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    let requests = 0;
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    expect(operations.length).toBeGreaterThan(80);
    for (const { path, method, op } of operations) {
      if (SKIPPED_PATHS.has(path) || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        continue;
      }
      const params = (op.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const baseBody = bodySchema ? sample(bodySchema) : undefined;
      const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, sample(p.schema)]));

      const variants: { name: string; pathValue: string; query: Record<string, unknown>; body: unknown }[] = [
        { name: 'nul in path', pathValue: encodeURIComponent(NUL), query: baseQuery, body: baseBody },
        { name: '19-digit id in path', pathValue: BIG_ID, query: baseQuery, body: baseBody },
        {
          name: 'nul in query',
          pathValue: '1',
          query: mutateAll(baseQuery, undefined, toNul) as never,
          body: baseBody,
        },
        {
          name: 'big numbers in query',
          pathValue: '1',
          query: mutateAll(baseQuery, undefined, toBigId) as never,
          body: baseBody,
        },
      ];
      if (bodySchema && method !== 'GET') {
        variants.push(
          {
            name: 'nul in body',
            pathValue: '1',
            query: baseQuery,
            body: mutateAll(baseBody, bodySchema, toNul),
          },
          {
            name: '19-digit ids in body',
            pathValue: '1',
            query: baseQuery,
            body: mutateAll(baseBody, bodySchema, toBigId),
          },
          {
            name: 'wrong types in body',
            pathValue: '1',
            query: baseQuery,
            body: mutateAll(baseBody, bodySchema, toWrongType),
          },
          {
            name: 'huge arrays in body',
            pathValue: '1',
            query: baseQuery,
            body: mutateAll(baseBody, bodySchema, toHugeArray, true),
          },
          { name: 'array as body', pathValue: '1', query: baseQuery, body: [baseBody] },
          { name: 'sampled body', pathValue: '1', query: baseQuery, body: baseBody },
        );
      }
      for (const variant of variants) {
        let url = path;
        for (const p of params) {
          url = url.replace(`{${p.name}}`, variant.pathValue);
        }
        const search = new URLSearchParams();
        for (const [k, v] of Object.entries(variant.query)) {
          search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
        }
        const qs = search.toString();
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: qs ? `${url}?${qs}` : url,
          headers: { authorization: `Bearer ${await tokenFor(path)}` },
          ...(method === 'GET' || variant.body === undefined ? {} : { payload: variant.body as object }),
        });
        requests += 1;
        if (res.statusCode >= 500) {
          failures.push(`${method} ${path} [${variant.name}] -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses a NUL character with a localised 400, also on log-in, and a 19-digit id by validation', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login?lang=de',
      payload: { accountType: 'username', account: 'a\u0000b', password: 'abc12345' },
    });
    expect(login.statusCode).toBe(400);
    expect(json<{ error: { code: string; message: string } }>(login).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Der Text enthält ein unzulässiges Zeichen',
    });
    const legacy = await ctx.app.inject({
      method: 'POST',
      url: '/api/user!newlogin.action?username=a%00b&password=abc12345',
    });
    expect(legacy.json()).toMatchObject({
      code: 1,
      msg: 'The text contains a character that is not allowed',
    });
    const bigId = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${BIG_ID}` });
    expect(bigId.statusCode).toBe(400);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/cart/check',
      headers: { authorization: `Bearer ${await tokenFor('/api/v1/cart')}` },
      payload: { itemIds: Array.from({ length: 2000 }, (_, i) => String(i + 1)), isChecked: true },
    });
    expect(huge.statusCode).toBe(400);
  });

  it("names a field the call does not take, in the caller's language, wherever it is", async () => {
    type TFields = {
      error: { code: string; message: string; details: { fields: { field: string; message: string }[] } };
    };
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login?lang=de',
      payload: {
        accountType: 'username',
        account: 'someone',
        password: 'abc12345',
        username: 'someone',
        remember: true,
      },
    });
    expect(login.statusCode).toBe(400);
    // It read "Dieses Feld ist erforderlich" (required) for a field named "".
    expect(json<TFields>(login).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Dieses Feld wird hier nicht angenommen',
      details: {
        fields: [
          { field: 'username', message: 'Dieses Feld wird hier nicht angenommen' },
          { field: 'remember', message: 'Dieses Feld wird hier nicht angenommen' },
        ],
      },
    });
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login?lang=en',
      payload: {
        accountType: 'username',
        account: 'someone',
        password: 'abc12345',
        challenge: { id: 'x', nonce: 'y', extra: 1 },
      },
    });
    expect(nested.statusCode).toBe(400);
    expect(json<TFields>(nested).error.details.fields).toContainEqual({
      field: 'challenge.extra',
      message: 'This field is not accepted here',
    });
  });

  it('says a value is not one of the allowed ones, or not valid, rather than missing', async () => {
    type TFields = { error: { details: { fields: { field: string; message: string }[] } } };
    const fieldsOf = async (url: string, payload?: object) =>
      json<TFields>(
        await ctx.app.inject({ method: payload ? 'POST' : 'GET', url, ...(payload ? { payload } : {}) }),
      ).error.details.fields;
    // Both read "This field is required" (Spanish: "Este campo es obligatorio") though they were given.
    expect(await fieldsOf('/api/v1/catalog/products?sort=cheapest&lang=es')).toEqual([
      { field: 'sort', message: 'No es uno de los valores permitidos' },
    ]);
    expect(
      await fieldsOf('/api/v1/auth/login?lang=en', { accountType: 'nickname', account: 'x', password: 'y' }),
    ).toEqual([{ field: 'accountType', message: 'This is not one of the allowed values' }]);
    // A field left out is still "required".
    expect(await fieldsOf('/api/v1/auth/login?lang=en', { accountType: 'username', account: 'x' })).toEqual([
      { field: 'password', message: 'This field is required' },
    ]);
  });
});
