import type { TAdminProduct } from '@caravan/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import sellerEn from '../../../locales/en/seller.json';
import {
  addressParams,
  chooseOption,
  lastReadParams,
  renderPageAt,
  selectShown,
} from '../../../testing/address';
import { setUpComponentTests } from '../../../testing/render';
import { ADMIN_STORE_FIXTURE, adminMerchantApplicationFixture } from '../test-fixtures';
import MerchantApplicationsPage from './applications';
import ProductModerationPage from './moderation';
import AdminStoresPage from './stores';

const STORE = ADMIN_STORE_FIXTURE;

const PRODUCT: TAdminProduct = {
  id: '31',
  name: 'Linen Shirt',
  storeId: '12',
  storeName: 'Harbour Textiles',
  image: null,
  price: '12.50',
  soldCount: 3,
  isOnShelf: true,
  takenDownAt: null,
  takenDownReason: null,
};

/** `Page` at `url`, its list answering `record` of 45. */
const openAt = (Page: ComponentType, url: string, record: unknown, shown: string) =>
  renderPageAt(Page, url, { pageList: [record], total: 45, pageNum: 1, pageSize: 20 }, shown);

const searchbox = () => screen.getByRole('searchbox') as HTMLInputElement;

async function search(value: string) {
  fireEvent.change(searchbox(), { target: { value } });
  await act(async () => fireEvent.keyDown(searchbox(), { key: 'Enter', code: 'Enter', keyCode: 13 }));
}

describe('Console -> shops in the address', () => {
  setUpComponentTests({ console: consoleEn, seller: sellerEn });
  const STORES = '/api/v1/admin/stores';
  const open = (url: string) => openAt(AdminStoresPage, url, STORE, 'Harbour Textiles');

  it('opens on the page, name and status the address names (a reload kept none of them)', async () => {
    const fetchMock = await open('/admin/stores?pageNum=2&keyword=harbour&status=suspended');
    expect(lastReadParams(fetchMock, STORES)).toMatchObject({
      pageNum: '2',
      keyword: 'harbour',
      status: 'suspended',
    });
    expect(searchbox().value).toBe('harbour');
    expect(selectShown(sellerEn.admin.status)).toBe(sellerEn.shop.status.suspended);
  });

  it('writes a search, a status and a page turn into the address', async () => {
    const fetchMock = await open('/admin/stores');
    await search(' harbour ');
    expect(addressParams()).toEqual({ keyword: 'harbour' });
    await act(async () => chooseOption(sellerEn.admin.status, sellerEn.shop.status.pending));
    expect(addressParams()).toEqual({ keyword: 'harbour', status: 'pending' });
    await act(async () => fireEvent.click(screen.getByTitle('3')));
    expect(addressParams()).toEqual({ keyword: 'harbour', status: 'pending', pageNum: '3' });
    expect(lastReadParams(fetchMock, STORES)).toMatchObject({
      keyword: 'harbour',
      status: 'pending',
      pageNum: '3',
    });
  });

  it.each(['?pageNum=0&status=active', '?status=closed', `?keyword=${'h'.repeat(65)}`, '?pageSize=1000'])(
    'takes an address it cannot read (%s) as the first page of every shop',
    async (address) => {
      const fetchMock = await open(`/admin/stores${address}`);
      const read = lastReadParams(fetchMock, STORES);
      expect(read).toMatchObject({ pageNum: '1', pageSize: '20' });
      expect(read).not.toHaveProperty('status');
      expect(read).not.toHaveProperty('keyword');
    },
  );
});

describe('Console -> product moderation in the address', () => {
  setUpComponentTests({ console: consoleEn, seller: sellerEn });
  const PRODUCTS = '/api/v1/admin/products';
  const open = (url: string) => openAt(ProductModerationPage, url, PRODUCT, 'Linen Shirt');

  it('opens on the page, name and state the address names, "not taken down" included', async () => {
    const fetchMock = await open('/admin/product-moderation?pageNum=2&keyword=linen&isTakenDown=false');
    expect(lastReadParams(fetchMock, PRODUCTS)).toMatchObject({
      pageNum: '2',
      keyword: 'linen',
      isTakenDown: 'false',
    });
    expect(searchbox().value).toBe('linen');
    expect(selectShown(sellerEn.admin.status)).toBe(sellerEn.admin.notTakenDown);
  });

  it('writes a search, a state and a page turn into the address', async () => {
    const fetchMock = await open('/admin/product-moderation');
    await search('linen');
    await act(async () => chooseOption(sellerEn.admin.status, sellerEn.products.state.takenDown));
    expect(addressParams()).toEqual({ keyword: 'linen', isTakenDown: 'true' });
    await act(async () => chooseOption(sellerEn.admin.status, sellerEn.admin.notTakenDown));
    expect(addressParams()).toEqual({ keyword: 'linen', isTakenDown: 'false' });
    await act(async () => fireEvent.click(screen.getByTitle('2')));
    expect(addressParams()).toEqual({ keyword: 'linen', isTakenDown: 'false', pageNum: '2' });
    expect(lastReadParams(fetchMock, PRODUCTS)).toMatchObject({ isTakenDown: 'false', pageNum: '2' });
  });

  it.each(['?pageNum=abc&isTakenDown=true', '?isTakenDown=yes', '?isTakenDown=1'])(
    'takes an address it cannot read (%s) as the first page of every product',
    async (address) => {
      const fetchMock = await open(`/admin/product-moderation${address}`);
      const read = lastReadParams(fetchMock, PRODUCTS);
      expect(read.pageNum).toBe('1');
      expect(read).not.toHaveProperty('isTakenDown');
    },
  );
});

describe('Console -> merchant applications in the address', () => {
  setUpComponentTests({ console: consoleEn, seller: sellerEn });
  const APPLICATIONS = '/api/v1/admin/merchant-applications';
  const open = (url: string) =>
    openAt(MerchantApplicationsPage, url, adminMerchantApplicationFixture(), 'Delta Ceramics');

  it('opens on the page and status the address names (a reload went back to the waiting ones)', async () => {
    const fetchMock = await open('/admin/merchant-applications?pageNum=2&status=rejected');
    expect(lastReadParams(fetchMock, APPLICATIONS)).toMatchObject({ pageNum: '2', status: 'rejected' });
    expect(selectShown(sellerEn.admin.status)).toBe(sellerEn.apply.status.rejected);
  });

  it('reads an empty status as every status, and none as the waiting ones', async () => {
    const every = await open('/admin/merchant-applications?status=&pageNum=3');
    expect(lastReadParams(every, APPLICATIONS)).toMatchObject({ pageNum: '3' });
    expect(lastReadParams(every, APPLICATIONS)).not.toHaveProperty('status');
    expect(selectShown(sellerEn.admin.status)).toBe('');
  });

  it('writes a status and a page turn into the address', async () => {
    const fetchMock = await open('/admin/merchant-applications');
    expect(lastReadParams(fetchMock, APPLICATIONS).status).toBe('waiting');
    await act(async () => chooseOption(sellerEn.admin.status, sellerEn.apply.status.approved));
    expect(addressParams()).toEqual({ status: 'approved' });
    await act(async () => fireEvent.click(screen.getByTitle('2')));
    expect(addressParams()).toEqual({ status: 'approved', pageNum: '2' });
    expect(lastReadParams(fetchMock, APPLICATIONS)).toMatchObject({ status: 'approved', pageNum: '2' });
  });

  it.each(['?status=lost', '?pageNum=-2&status=approved'])(
    'takes an address it cannot read (%s) as the first page of the waiting applications',
    async (address) => {
      const fetchMock = await open(`/admin/merchant-applications${address}`);
      expect(lastReadParams(fetchMock, APPLICATIONS)).toMatchObject({ pageNum: '1', status: 'waiting' });
    },
  );
});
