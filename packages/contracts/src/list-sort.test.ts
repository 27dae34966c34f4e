import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_USER_SORTS, ZAdminUsersQuery } from './api/admin';
import { ADMIN_LOAN_SORTS, ZAdminLoanQuery } from './api/loans';
import { ORDER_LIST_SORTS, ZAdminOrderListQuery, ZSellerOrderListQuery } from './api/orders';
import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_STORE_SORTS,
  MERCHANT_APPLICATION_SORTS,
  ZAdminMerchantApplicationsQuery,
  ZAdminProductsQuery,
  ZAdminStoresQuery,
} from './api/sellers';
import { ADMIN_WALLET_SORTS, ZAdminWalletListQuery } from './api/wallet';
import { SORT_ORDERS, zSortQuery } from './list-sort';
import { V } from './validation';

const schema = z.object(zSortQuery(['createdAt', 'amount']));

/** The messages a refusal gives, by field. */
function refusals(result: { success: boolean; error?: z.ZodError }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('a list’s column sort', () => {
  it('takes one of the list’s keys and a direction, each alone or neither', () => {
    expect(schema.parse({ sort: 'amount', order: 'desc' })).toEqual({ sort: 'amount', order: 'desc' });
    expect(schema.parse({ sort: 'createdAt' })).toEqual({ sort: 'createdAt' });
    expect(schema.parse({})).toEqual({});
    // A direction without a key changes nothing (the server keeps the list's own order): it is not refused.
    expect(schema.parse({ order: 'asc' })).toEqual({ order: 'asc' });
    expect(SORT_ORDERS).toEqual(['asc', 'desc']);
  });

  it('refuses a key or a direction outside them as not one of the allowed values', () => {
    for (const sort of [
      'price',
      'created_at',
      'CREATEDAT',
      'createdAt desc',
      '__proto__',
      'id; drop table users',
    ]) {
      expect(refusals(schema.safeParse({ sort })), sort).toEqual({ sort: V.invalidChoice });
    }
    for (const order of ['ascending', 'DESC', '1', 'up']) {
      expect(refusals(schema.safeParse({ sort: 'amount', order })), order).toEqual({
        order: V.invalidChoice,
      });
    }
    // Given empty (a cleared parameter) it is missing, as every query choice says.
    expect(refusals(schema.safeParse({ sort: '' }))).toEqual({ sort: V.required });
  });

  it.each([
    ['users', ZAdminUsersQuery, ADMIN_USER_SORTS],
    ['orders (console)', ZAdminOrderListQuery, ORDER_LIST_SORTS],
    ['orders (seller)', ZSellerOrderListQuery, ORDER_LIST_SORTS],
    ['products', ZAdminProductsQuery, ADMIN_PRODUCT_SORTS],
    ['shops', ZAdminStoresQuery, ADMIN_STORE_SORTS],
    ['merchant applications', ZAdminMerchantApplicationsQuery, MERCHANT_APPLICATION_SORTS],
    ['deposits and withdrawals', ZAdminWalletListQuery, ADMIN_WALLET_SORTS],
    ['loans', ZAdminLoanQuery, ADMIN_LOAN_SORTS],
  ] as const)('is part of the %s query: its own keys only', (_, query, keys) => {
    const parse = (params: Record<string, string>) => (query as z.ZodType).safeParse(params);
    for (const key of keys) {
      for (const order of SORT_ORDERS) {
        expect(parse({ sort: key, order }).data, `${key} ${order}`).toMatchObject({ sort: key, order });
      }
    }
    expect(refusals(parse({ sort: 'balance' }))).toEqual({ sort: V.invalidChoice });
    expect(refusals(parse({ sort: keys[0], order: 'sideways' }))).toEqual({ order: V.invalidChoice });
    // Without a sort each list keeps its default order: the parsed query names none.
    expect(parse({}).data).not.toHaveProperty('sort');
  });

  it('leaves stock out of the console’s products (no index may serve it) and amounts in USDT for the queues', () => {
    expect(ADMIN_PRODUCT_SORTS).not.toContain('stock');
    expect(ADMIN_WALLET_SORTS).toEqual(['createdAt', 'actualAmount']);
  });
});
