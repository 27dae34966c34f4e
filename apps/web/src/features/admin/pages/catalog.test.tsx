import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { addressParams, readsOf, renderPageAt } from '../../../testing/address';
import { setUpComponentTests } from '../../../testing/render';
import CatalogPage from './catalog';

/** The catalogue page at `url`, every tab's list empty. */
const openAt = (url: string) => renderPageAt(CatalogPage, url, { data: [] });

/** The page's own tab chosen (the home sections have tabs of their own inside). */
const selectedTab = () => screen.getAllByRole('tab', { selected: true })[0]?.textContent;

describe('Admin -> Catalogue: the open tab in the address', () => {
  setUpComponentTests({ console: consoleEn });

  it('opens the tab the address names (a reload opened the categories again)', async () => {
    const fetchMock = await openAt('/admin/catalog?tab=banners');
    expect(selectedTab()).toBe(consoleEn.catalog.banners);
    expect(await screen.findByText(consoleEn.catalog.noBanners)).toBeTruthy();
    expect(readsOf(fetchMock, '/api/v1/admin/catalog/banners')).toHaveLength(1);
    expect(readsOf(fetchMock, '/api/v1/admin/catalog/categories')).toHaveLength(0);
  });

  it('writes the tab chosen into the address, and the first tab as no tab', async () => {
    await openAt('/admin/catalog');
    expect(selectedTab()).toBe(consoleEn.catalog.categories);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: consoleEn.catalog.homeSections })));
    expect(addressParams()).toEqual({ tab: 'home' });
    expect(selectedTab()).toBe(consoleEn.catalog.homeSections);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: consoleEn.catalog.categories })));
    expect(addressParams()).toEqual({});
  });

  it.each(['?tab=secrets', '?tab=BANNERS', `?tab=${'banners'.repeat(40)}`])(
    'opens the categories for a tab it does not know (%s)',
    async (search) => {
      await openAt(`/admin/catalog${search}`);
      expect(selectedTab()).toBe(consoleEn.catalog.categories);
    },
  );
});
