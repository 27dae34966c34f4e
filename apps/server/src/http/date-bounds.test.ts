import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWalletBasics } from '../db/seed/wallet';
import { createTestStaff } from '../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../testing/test-app';

type TSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
};
type TOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: TSchema }[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
};

/** The format of a date field (`date-time` or `date`), looking through nullable and optional wrappers. */
function dateFormatOf(schema: TSchema | undefined): string | undefined {
  if (!schema) {
    return undefined;
  }
  if (schema.format === 'date-time' || schema.format === 'date') {
    return schema.format;
  }
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const format = dateFormatOf(inner);
    if (format) {
      return format;
    }
  }
  return undefined;
}

/** Values PostgreSQL cannot take, for a field of each format. */
const EXTREMES: Record<string, string[]> = {
  'date-time': ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00-14:00', '9999-12-31T23:59:59-12:00'],
  date: ['0000-01-01', '9999-12-31'],
};

type TFieldError = {
  error: { code: string; message: string; details: { fields: { field: string; message: string }[] } };
};

const OUT_OF_RANGE = 'Please enter a date from 1970-01-01 to 9999-12-30';

/**
 * Dates PostgreSQL cannot take (year 0; past 9999 once the offset or the dashboard's extra day is applied) answered 500
 * on every list filter and period that reached the database (QA staff consoles, findings 1 and 2). Each is now a 400
 * on its field, from the one bounded instant and day of the contracts.
 */
describe('dates outside 1970-01-01..9999-12-30', () => {
  let ctx: TTestContext;
  let staff: { id: bigint; token: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedWalletBasics(ctx.database.db);
    staff = await createTestStaff(ctx.database.db, [
      'audit.read',
      'finance.review',
      'ledger.read',
      'marketing.manage',
      'catalog.manage',
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function expectRefused(
    method: 'GET' | 'POST',
    url: string,
    field: string,
    payload?: Record<string, unknown>,
    language = 'en',
  ): Promise<TFieldError> {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { ...bearer(staff.token), 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    const body = json<TFieldError>(res);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(
      body.error.details.fields.map((f) => f.field),
      url,
    ).toContain(field);
    if (language === 'en') {
      expect(body.error.details.fields.find((f) => f.field === field)?.message, url).toBe(OUT_OF_RANGE);
    }
    return body;
  }

  it('list filters of the audit log and the finance queues', async () => {
    for (const path of ['/api/v1/admin/audit-log', '/api/v1/admin/audit-log/export']) {
      await expectRefused('GET', `${path}?createdFrom=0000-01-01T00:00:00Z`, 'createdFrom');
      await expectRefused('GET', `${path}?createdFrom=0000-01-01T00:00:00-14:00`, 'createdFrom');
      await expectRefused('GET', `${path}?createdTo=9999-12-31T23:59:59-12:00`, 'createdTo');
    }
    for (const path of ['/api/v1/admin/finance/recharges', '/api/v1/admin/finance/withdrawals']) {
      await expectRefused('GET', `${path}?createdFrom=0000-01-01T00:00:00Z`, 'createdFrom');
      await expectRefused('GET', `${path}?createdTo=9999-12-31T23:59:59-12:00`, 'createdTo');
    }
    // The ends of the range still list.
    for (const url of [
      '/api/v1/admin/audit-log?createdFrom=1970-01-01T00:00:00Z&createdTo=9999-12-30T23:59:59Z',
      '/api/v1/admin/finance/recharges?createdFrom=1970-01-01T00:00:00%2B00:00',
      '/api/v1/admin/finance/withdrawals?createdTo=9999-12-30T11:59:59-12:00',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(staff.token) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('the dashboard and its export, at both ends of the calendar and in every zone', async () => {
    for (const path of ['/api/v1/admin/dashboard', '/api/v1/admin/dashboard/export']) {
      await expectRefused('GET', `${path}?from=0000-01-01&to=0000-01-02`, 'from');
      await expectRefused('GET', `${path}?from=9999-12-30&to=9999-12-31`, 'to');
      await expectRefused('GET', `${path}?from=9999-12-30&to=9999-12-31&utcOffsetMinutes=-840`, 'to');
      await expectRefused('GET', `${path}?from=1969-12-31&to=1970-01-01&utcOffsetMinutes=840`, 'from');
      for (const query of [
        'from=9999-12-29&to=9999-12-30&utcOffsetMinutes=-840',
        'from=1970-01-01&to=1970-01-02&utcOffsetMinutes=840',
      ]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${path}?${query}`,
          headers: bearer(staff.token),
        });
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(200);
      }
    }
  });

  it('periods written by staff: coupon campaigns, banners and activities', async () => {
    const campaign = {
      name: 'Far future',
      kind: 'amount',
      amountOff: '5',
      minSpend: '10',
      perUserLimit: 1,
    };
    await expectRefused('POST', '/api/v1/admin/coupon-campaigns', 'validUntil', {
      ...campaign,
      validUntil: '9999-12-31T23:59:59-12:00',
    });
    await expectRefused('POST', '/api/v1/admin/coupon-campaigns', 'validFrom', {
      ...campaign,
      validFrom: '0000-01-01T00:00:00Z',
      validUntil: '2999-01-01T00:00:00Z',
    });
    await expectRefused('POST', '/api/v1/admin/catalog/activities', 'endsAt', {
      detailUrl: '/commodity',
      endsAt: '9999-12-31T23:59:59-12:00',
    });
    await expectRefused('POST', '/api/v1/admin/catalog/activities', 'startsAt', {
      detailUrl: '/commodity',
      startsAt: '0000-01-01T00:00:00Z',
    });
    await expectRefused('POST', '/api/v1/admin/catalog/banners', 'endsAt', {
      titles: { en: 'Far future' },
      imageRef: '/uploads/none.png',
      endsAt: '9999-12-31T23:59:59-12:00',
    });
    const latest = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/activities',
      headers: bearer(staff.token),
      payload: { detailUrl: '/commodity', startsAt: '1970-01-01T00:00:00Z', endsAt: '9999-12-30T23:59:59Z' },
    });
    expect(latest.statusCode, latest.body).toBe(201);
  });

  it('says so in the request language', async () => {
    const german = await expectRefused(
      'GET',
      '/api/v1/admin/audit-log?createdFrom=0000-01-01T00:00:00Z',
      'createdFrom',
      undefined,
      'de',
    );
    expect(german.error.message).toBe('Bitte ein Datum vom 1970-01-01 bis zum 9999-12-30 eingeben');
    const arabic = await expectRefused(
      'GET',
      '/api/v1/admin/dashboard?from=0000-01-01&to=0000-01-02',
      'from',
      undefined,
      'ar',
    );
    expect(arabic.error.message).toBe('يرجى إدخال تاريخ من 1970-01-01 إلى 9999-12-30');
  });

  it('every date field of the OpenAPI document refuses the ends of the calendar on its own, never with a 5xx', async () => {
    const doc = json<{ paths: Record<string, Record<string, TOperation>> }>(
      await ctx.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    const found: string[] = [];
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        for (const parameter of operation.parameters ?? []) {
          const format = parameter.in === 'query' ? dateFormatOf(parameter.schema) : undefined;
          if (!format) {
            continue;
          }
          found.push(`${method.toUpperCase()} ${path} ${parameter.name}`);
          for (const value of EXTREMES[format] ?? []) {
            const res = await ctx.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}?${new URLSearchParams({ [parameter.name]: value })}`,
              headers: bearer(staff.token),
            });
            const fields = res.statusCode === 400 ? json<TFieldError>(res).error.details.fields : [];
            if (
              res.statusCode >= 500 ||
              (res.statusCode === 400 && !fields.some((f) => f.field === parameter.name))
            ) {
              failures.push(
                `${method} ${path} ${parameter.name}=${value} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
        const body = operation.requestBody?.content?.['application/json']?.schema;
        for (const [name, property] of Object.entries(body?.properties ?? {})) {
          const format = dateFormatOf(property);
          if (!format) {
            continue;
          }
          found.push(`${method.toUpperCase()} ${path} ${name}`);
          for (const value of EXTREMES[format] ?? []) {
            const res = await ctx.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: bearer(staff.token),
              payload: { [name]: value },
            });
            const fields = res.statusCode === 400 ? json<TFieldError>(res).error.details.fields : [];
            // Staff routes check the body before the caller's role, so the field is named even where this staff
            // member has no access (a seller's product).
            if (res.statusCode >= 500 || (res.statusCode === 400 && !fields.some((f) => f.field === name))) {
              failures.push(
                `${method} ${path} ${name}=${value} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/audit-log createdFrom',
        'GET /api/v1/admin/finance/withdrawals createdTo',
        'GET /api/v1/admin/dashboard from',
        'GET /api/v1/admin/dashboard/export to',
        'POST /api/v1/admin/coupon-campaigns validUntil',
        'POST /api/v1/admin/catalog/banners startsAt',
        'PUT /api/v1/admin/catalog/activities/{id} endsAt',
      ]),
    );
    expect(failures).toEqual([]);
  });
});
