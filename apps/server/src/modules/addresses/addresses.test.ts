import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createTestUser, setParam, TEST_ADDRESS, type TTestUser } from '../orders/test-fixtures';

type TAddressBody = {
  id: string;
  isDefault: boolean;
  stateName: string;
  countryName: string;
  areaCode: string;
};
type TErr = { error: { code: string; message: string; details?: { fields?: { field: string }[] } } };

describe('delivery addresses', () => {
  let ctx: TTestContext;
  let user: TTestUser;
  let other: TTestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createTestUser(ctx.database.db);
    other = await createTestUser(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('lists countries, states and cities from the maintained data package', async () => {
    const countries = json<{ list: { code: string; phoneCode: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/addresses/countries' }),
    ).list;
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c) => c.code === 'DE')?.phoneCode).toBe('49');
    const states = json<{ list: { code: string; name: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/addresses/states?country=DE' }),
    ).list;
    expect(states.find((s) => s.code === 'BE')?.name).toBe('Berlin');
    const cities = json<{ list: { name: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/addresses/cities?country=DE&state=BY' }),
    ).list;
    expect(cities.map((c) => c.name)).toContain('Munich');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/addresses/states' });
    expect(bad.statusCode).toBe(400);
  });

  it('adds, edits and deletes with one default; the first address becomes default', async () => {
    const first = await call('POST', '/api/v1/addresses', user.token, { ...TEST_ADDRESS, areaCode: '49' });
    expect(first.statusCode).toBe(201);
    const a = json<TAddressBody>(first);
    expect(a).toMatchObject({
      isDefault: true,
      stateName: 'Berlin',
      countryName: 'Germany',
      areaCode: '+49',
    });
    const second = json<TAddressBody>(
      await call('POST', '/api/v1/addresses', user.token, {
        ...TEST_ADDRESS,
        state: 'BY',
        city: 'Munich',
        postcode: '80331',
        isDefault: true,
      }),
    );
    expect(second.isDefault).toBe(true);
    let list = json<{ list: TAddressBody[] }>(await call('GET', '/api/v1/addresses', user.token)).list;
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([second.id]);

    const edited = await call('PUT', `/api/v1/addresses/${a.id}`, user.token, {
      ...TEST_ADDRESS,
      consignee: 'Max',
      isDefault: true,
    });
    expect(json<TAddressBody>(edited).isDefault).toBe(true);
    list = json<{ list: TAddressBody[] }>(await call('GET', '/api/v1/addresses', user.token)).list;
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([a.id]);

    expect((await call('DELETE', `/api/v1/addresses/${a.id}`, user.token)).statusCode).toBe(200);
    list = json<{ list: TAddressBody[] }>(await call('GET', '/api/v1/addresses', user.token)).list;
    expect(list).toHaveLength(1);
    expect(list[0]!.isDefault).toBe(true);
  });

  it("refuses bad fields, a wrong region and another user's address", async () => {
    const longName = await call('POST', '/api/v1/addresses', user.token, {
      ...TEST_ADDRESS,
      consignee: 'x'.repeat(65),
    });
    expect(json<TErr>(longName).error.code).toBe('VALIDATION_FAILED');
    const postcode = await call('POST', '/api/v1/addresses', user.token, {
      ...TEST_ADDRESS,
      postcode: '1234',
    });
    expect(json<TErr>(postcode).error.message).toBe('Postal code must be more than 4 digits');
    const region = await call('POST', '/api/v1/addresses', user.token, {
      ...TEST_ADDRESS,
      state: 'BY',
      city: 'Berlin',
    });
    expect(json<TErr>(region).error.code).toBe('ADDRESS_INVALID');
    type TFields = { error: { details: { fields: { field: string; message: string }[] } } };
    // Berlin is no city of Bavaria: the city is marked, in the reader's language.
    expect(json<TFields>(region).error.details.fields).toEqual([
      { field: 'city', message: 'This is not one of the allowed values' },
    ]);
    const noState = await call('POST', '/api/v1/addresses?lang=de', user.token, {
      ...TEST_ADDRESS,
      state: '',
      city: '',
    });
    expect(json<TErr>(noState).error.code).toBe('ADDRESS_INVALID');
    expect(json<TFields>(noState).error.details.fields).toEqual([
      { field: 'state', message: 'Dieses Feld ist erforderlich' },
    ]);
    // Enough digits for the request schema, but no German number is that short: libphonenumber refuses it.
    const phone = await call('POST', '/api/v1/addresses', user.token, { ...TEST_ADDRESS, phone: '1234567' });
    expect(phone.statusCode).toBe(400);
    expect(json<{ error: { details: { fields: { field: string }[] } } }>(phone).error.details.fields).toEqual(
      [expect.objectContaining({ field: 'phone' })],
    );
    const unknown = await call('POST', '/api/v1/addresses', user.token, { ...TEST_ADDRESS, country: 'XX' });
    expect(json<TErr>(unknown).error.code).toBe('ADDRESS_INVALID');
    const mine = json<{ list: TAddressBody[] }>(await call('GET', '/api/v1/addresses', user.token)).list[0]!;
    const steal = await call('PUT', `/api/v1/addresses/${mine.id}`, other.token, TEST_ADDRESS);
    expect(json<TErr>(steal).error.code).toBe('ADDRESS_NOT_FOUND');
    expect(json<TErr>(await call('DELETE', `/api/v1/addresses/${mine.id}`, other.token)).error.code).toBe(
      'ADDRESS_NOT_FOUND',
    );
    expect(
      json<{ list: TAddressBody[] }>(await call('GET', '/api/v1/addresses', other.token)).list,
    ).toHaveLength(0);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/addresses' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('enforces the address limit with its message', async () => {
    await setParam(ctx.database.db, 'address_limit', '3');
    const limited = await createTestUser(ctx.database.db);
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/api/v1/addresses', limited.token, TEST_ADDRESS)).statusCode).toBe(201);
    }
    const over = await call('POST', '/api/v1/addresses', limited.token, TEST_ADDRESS);
    expect(over.statusCode).toBe(409);
    expect(json<TErr>(over).error).toMatchObject({
      code: 'ADDRESS_LIMIT_REACHED',
      message: 'The maximum number of addresses has been reached',
    });
  });
});
