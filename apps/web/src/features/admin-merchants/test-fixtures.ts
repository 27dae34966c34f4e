import type { TAdminMerchantApplication, TAdminStore } from '@caravan/contracts';

/** A merchant application waiting in the console's queue, for component tests. */
export function adminMerchantApplicationFixture(
  overrides: Partial<TAdminMerchantApplication> = {},
): TAdminMerchantApplication {
  return {
    id: '8',
    status: 'submitted',
    shopName: 'Delta Ceramics',
    logo: null,
    categoryIds: [],
    contactEmail: 'delta@example.com',
    contactPhone: '+49 15112345678',
    country: 'DE',
    description: 'Tiles',
    documents: [],
    rejectReason: null,
    storeId: null,
    submittedAt: '2026-11-20T08:00:00.000Z',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    reviewedAt: null,
    userId: '9',
    username: 'delta',
    legacyDocuments: [],
    ...overrides,
  };
}

/** An active shop of the console's shop list, for component tests. */
export const ADMIN_STORE_FIXTURE: TAdminStore = {
  id: '12',
  name: 'Harbour Textiles',
  ownerUsername: 'harbour',
  status: 'active',
  suspendedReason: null,
  goodsCount: 4,
  createdAt: '2026-11-20T08:00:00.000Z',
};
