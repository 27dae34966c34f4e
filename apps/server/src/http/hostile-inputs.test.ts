import { STAFF_PERMISSIONS } from '@caravan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../db/schema';
import { seedWalletBasics } from '../db/seed/wallet';
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
/** Free text (what `sample` makes of a plain string) with half an emoji in it, as a cut paste leaves it. */
const toHalfEmoji: TMutation = (v) => (v === 'sample text' ? 'sample \uD83D text' : v);
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
            name: 'half a surrogate pair in body',
            pathValue: '1',
            query: baseQuery,
            body: mutateAll(baseBody, bodySchema, toHalfEmoji),
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
    // A valid log-in body with fields the call does not take, in a language.
    const logInWith = (lang: string, extra: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/auth/login?lang=${lang}`,
        payload: { accountType: 'username', account: 'someone', password: 'abc12345', ...extra },
      });
    const login = await logInWith('de', { username: 'someone', remember: true });
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
    const nested = await logInWith('en', { challenge: { id: 'x', nonce: 'y', extra: 1 } });
    expect(nested.statusCode).toBe(400);
    expect(json<TFields>(nested).error.details.fields).toContainEqual({
      field: 'challenge.extra',
      message: 'This field is not accepted here',
    });
    // Thousands of unknown keys: the first 50 are named, not every one (120,000 took 6 s and answered 7 MB).
    const flood = await logInWith(
      'en',
      Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 1])),
    );
    expect(flood.statusCode).toBe(400);
    const fields = json<TFields>(flood).error.details.fields;
    expect(fields).toHaveLength(50);
    expect(fields[0]).toEqual({ field: 'k0', message: 'This field is not accepted here' });
    expect(flood.body.length).toBeLessThan(10_000);
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
    // A text or a list past its size says the size ("This value is not valid" before).
    const longOrderNo = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/orders?orderNo=${'1'.repeat(33)}&lang=de`,
      headers: { authorization: `Bearer ${await tokenFor('/api/v1/seller/orders')}` },
    });
    expect(json<TFields>(longOrderNo).error.details.fields).toEqual([
      { field: 'orderNo', message: 'Höchstens 32 Zeichen' },
    ]);
  });

  it('refuses query fields a call does not take, a field given twice, and numbers or ids that only look like them', async () => {
    type TFields = { error: { code: string; details: { fields: { field: string; message: string }[] } } };
    const db = ctx.database.db;
    const buyer = { authorization: `Bearer ${await tokenFor('/api/v1/orders')}` };
    const fieldsOf = async (url: string, headers: Record<string, string> = buyer) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
      return json<TFields>(res).error.details.fields;
    };
    // A password put in a query string is refused, not ignored (it was a 200).
    expect(await fieldsOf('/api/v1/orders?txPassword=135790&lang=de')).toEqual([
      { field: 'txPassword', message: 'Dieses Feld wird hier nicht angenommen' },
    ]);
    // A call without a query schema takes no field but the language.
    expect(await fieldsOf('/api/v1/wallet?password=x')).toEqual([
      { field: 'password', message: 'This field is not accepted here' },
    ]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/wallet?lang=fr', headers: buyer })).statusCode,
    ).toBe(200);
    // Given twice: which one was meant is not guessed (it said "required").
    expect(await fieldsOf('/api/v1/orders?pageNum=1&pageNum=2')).toEqual([
      { field: 'pageNum', message: 'This parameter was given more than once' },
    ]);
    // "1e3" was page 1000, " 1 " named product 1; a page beyond the last one says the range.
    for (const pageNum of ['1e3', '0x10', '%201%20', '99999999999']) {
      expect(await fieldsOf(`/api/v1/orders?pageNum=${pageNum}`), pageNum).toEqual([
        { field: 'pageNum', message: 'Please enter a whole number from 1 to 1,000,000' },
      ]);
    }
    for (const id of ['%201%20', '%091', '1%20']) {
      expect(await fieldsOf(`/api/v1/catalog/products/${id}`), id).toEqual([
        { field: 'id', message: 'Please give a valid id (a whole number of at most 18 digits)' },
      ]);
    }
    const [address] = await db.select({ id: addresses.id }).from(addresses).limit(1);
    if (address) {
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/addresses/%20${address.id}%20`,
        headers: buyer,
      });
      expect(removed.statusCode).toBe(400);
    }
  });

  it('keeps settings inside their ranges and says the range, and links on the site', async () => {
    type TError = { error: { code: string; details?: { fields?: { field: string; message: string }[] } } };
    await seedWalletBasics(ctx.database.db);
    // A staff member of its own: the walk above may have ended the shared session (a log-out call).
    const staff = {
      authorization: `Bearer ${(await createTestStaff(ctx.database.db, [...STAFF_PERMISSIONS])).token}`,
    };
    const put = (url: string, payload: object, headers: Record<string, string> = staff) =>
      ctx.app.inject({ method: 'PUT', url, headers, payload });
    // A rate of 10^18 was stored, and every deposit on the channel then failed with a 500.
    const channels = json<{ channels: { id: string; rateToUsdt: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/finance/channels', headers: staff }),
    ).channels;
    const channel = channels[0]!;
    for (const [payload, message] of [
      [{ rateToUsdt: '1234567890123456789' }, 'Please enter an amount greater than 0 and at most 10,000,000'],
      [
        { rateToUsdt: '99999999999999999999999999999999' },
        'Please enter an amount greater than 0 and at most 10,000,000',
      ],
      [{ maxAmount: '1000000000.01' }, 'Please enter an amount greater than 0 and at most 1,000,000,000'],
      [{ feeFixed: '1234567890123456789' }, 'Please enter an amount from 0 to 1,000,000,000'],
    ] as const) {
      const res = await put(`/api/v1/admin/finance/channels/${channel.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<TError>(res).error.details?.fields?.[0]?.message).toBe(message);
    }
    const after = json<{ channels: { id: string; rateToUsdt: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/finance/channels', headers: staff }),
    ).channels.find((c) => c.id === channel.id);
    expect(after?.rateToUsdt).toBe(channel.rateToUsdt);
    expect(
      (await put(`/api/v1/admin/finance/channels/${channel.id}`, { rateToUsdt: '10000000' })).statusCode,
    ).toBe(200);
    await put(`/api/v1/admin/finance/channels/${channel.id}`, { rateToUsdt: channel.rateToUsdt });

    // Nothing to change is no change (it was a 500: an empty update).
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/categories',
      headers: staff,
      payload: { names: { en: 'Unchanged' } },
    });
    const category = json<{ id: string; names: Record<string, string> }>(created);
    const unchanged = await put(`/api/v1/admin/catalog/categories/${category.id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(json<{ names: Record<string, string> }>(unchanged).names).toEqual(category.names);
    // "//host/x" leaves the site.
    const activity = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/activities',
      headers: staff,
      payload: { titles: { en: 'Sale' }, detailUrl: '//evil.example/x' },
    });
    expect(activity.statusCode).toBe(400);

    // A shop's range says the range (it said "a whole number" of 10000001), and "ZZ" is no country.
    const seller = { authorization: `Bearer ${await tokenFor('/api/v1/seller/shop')}` };
    const shop = json<Record<string, unknown>>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/shop', headers: seller }),
    );
    const settings = {
      name: shop.name,
      lang: shop.lang,
      logo: null,
      banner: null,
      descriptions: shop.descriptions ?? {},
      contactEmail: shop.contactEmail ?? '',
      contactPhone: shop.contactPhone ?? '',
      returnAddress: shop.returnAddress ?? '',
    };
    const threshold = await put(
      '/api/v1/seller/shop',
      { ...settings, lowStockThreshold: 10_000_001 },
      seller,
    );
    expect(json<TError>(threshold).error.details?.fields).toEqual([
      { field: 'lowStockThreshold', message: 'Please enter a whole number from 0 to 1,000,000' },
    ]);
    const country = await put('/api/v1/seller/shop', { ...settings, shipFromCountry: 'ZZ' }, seller);
    expect(country.statusCode).toBe(400);
    expect(json<TError>(country).error.details?.fields?.[0]?.field).toBe('shipFromCountry');
    expect(
      (await put('/api/v1/seller/shop', { ...settings, shipFromCountry: 'DE' }, seller)).statusCode,
    ).toBe(200);
  });
});
