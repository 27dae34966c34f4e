import type { TAdminBanner, TAdminCategory } from '@caravan/contracts';
import errorsEn from '@caravan/contracts/locales/en/errors.json';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { addressParams, readsOf, renderPageAt } from '../../../testing/address';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
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

type TCall = { method: string; path: string; body: unknown };

const category = (over: Partial<TAdminCategory>): TAdminCategory => ({
  id: '50',
  parentId: null,
  level: 1,
  sort: 0,
  icon: '',
  isRecommended: false,
  isHidden: false,
  names: { en: 'QA Gadgets' },
  productCount: 0,
  ...over,
});

/**
 * The catalogue page with `categories` and `banners` listed; a change is answered by `answerChange` (a success by
 * default). Returns the changes sent, in order.
 */
async function openCatalog(
  options: {
    categories?: TAdminCategory[];
    banners?: TAdminBanner[];
    url?: string;
    answerChange?: () => Response;
  } = {},
) {
  const changes: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        changes.push({
          method,
          path: url.pathname,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        });
        return options.answerChange?.() ?? jsonResponse({ ok: true });
      }
      if (url.pathname.endsWith('/categories')) {
        return jsonResponse({ data: options.categories ?? [] });
      }
      return jsonResponse({ data: url.pathname.endsWith('/banners') ? (options.banners ?? []) : [] });
    }),
  );
  await renderWithQueries(<CatalogPage />, options.url ?? '/admin/catalog');
  return changes;
}

const saveDialog = async () => {
  const dialog = await screen.findByRole('dialog');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  return dialog;
};

describe('Admin -> Catalogue: categories', () => {
  setUpComponentTests({ console: consoleEn, errors: errorsEn });

  it('creates a category with only its English name (the 20 other languages are optional)', async () => {
    const changes = await openCatalog();
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: consoleEn.catalog.newCategory })),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name · English'), {
      target: { value: 'QA Only English' },
    });
    await saveDialog();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/admin/catalog/categories',
      body: { names: { en: 'QA Only English' }, parentId: null },
    });
  });

  it('saves an edit of a category that has only an English name, keeping a language typed in the fold', async () => {
    const changes = await openCatalog({ categories: [category({})] });
    const row = (await screen.findByText('QA Gadgets')).closest('tr') as HTMLElement;
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(consoleEn.catalog.sort), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText('Name · Deutsch'), { target: { value: 'QA Geräte' } });
    await saveDialog();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/admin/catalog/categories/50',
      body: { names: { en: 'QA Gadgets', de: 'QA Geräte' }, sort: 8 },
    });
  });

  it("shows each category's icon in the list and in its form, and saves it taken away as none", async () => {
    const icon = '/uploads/img/4e/4e70c6733e9266299c7b16094b42749f-96.webp';
    const changes = await openCatalog({
      categories: [category({ icon }), category({ id: '51', names: { en: 'QA Plain' } })],
    });
    const row = (await screen.findByText('QA Gadgets')).closest('tr') as HTMLElement;
    const thumbnail = row.querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe(icon);
    expect(thumbnail?.getAttribute('alt')).toBe('');
    expect([thumbnail?.getAttribute('width'), thumbnail?.getAttribute('height')]).toEqual(['28', '28']);
    expect(screen.getByRole('columnheader', { name: consoleEn.catalog.iconPicture })).toBeTruthy();
    const plainRow = screen.getByText('QA Plain').closest('tr') as HTMLElement;
    expect(plainRow.querySelector('img')).toBeNull();

    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
    const dialog = await screen.findByRole('dialog');
    // The picture field, with the stored icon to preview or remove, and no text box for a name any more.
    const preview = within(dialog).getByRole('img', { name: consoleEn.catalog.iconPicture });
    expect(preview.getAttribute('src')).toBe(icon);
    expect(within(dialog).queryByRole('textbox', { name: 'Icon name' })).toBeNull();
    await saveDialog();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/admin/catalog/categories/50',
      body: { icon },
    });

    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
    const again = await screen.findByRole('dialog');
    const remove = within(again).getByRole('button', { name: /remove|delete/i });
    await act(async () => fireEvent.click(remove));
    await waitFor(() =>
      expect(within(again).queryByRole('img', { name: consoleEn.catalog.iconPicture })).toBeNull(),
    );
    expect(
      within(again).getByRole('button', {
        name: `${consoleEn.catalog.upload}: ${consoleEn.catalog.iconPicture}`,
      }),
    ).toBeTruthy();
    await saveDialog();
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toMatchObject({ method: 'PUT', body: { icon: '' } });
  });

  it("puts the server's refusal of an icon beside the picture field", async () => {
    const changes = await openCatalog({
      answerChange: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please upload the image again',
              details: { fields: [{ field: 'icon', message: 'Please upload the image again' }] },
            },
          },
          400,
        ),
    });
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: consoleEn.catalog.newCategory })),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name · English'), { target: { value: 'QA Iconless' } });
    await saveDialog();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]?.body).toMatchObject({ names: { en: 'QA Iconless' }, icon: '' });
    const field = within(dialog)
      .getByText(consoleEn.catalog.iconHint)
      .closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(field).getByText('Please upload the image again')).toBeTruthy());
  });

  it('unfolds the other languages when one of them is refused, so the message can be seen', async () => {
    await openCatalog({
      answerChange: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'This text is too long',
              details: { fields: [{ field: 'names.de', message: 'This text is too long' }] },
            },
          },
          400,
        ),
    });
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: consoleEn.catalog.newCategory })),
    );
    const dialog = await screen.findByRole('dialog');
    const fold = within(dialog).getByRole('button', { name: consoleEn.catalog.otherLanguages });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(within(dialog).getByLabelText('Name · English'), { target: { value: 'QA Long' } });
    await saveDialog();
    await waitFor(() => expect(fold.getAttribute('aria-expanded')).toBe('true'));
    expect(within(dialog).getByText('This text is too long')).toBeTruthy();
  });

  it('deletes an empty category after a confirmation that starts on Cancel; a category with goods cannot be deleted', async () => {
    const changes = await openCatalog({
      categories: [category({}), category({ id: '3', names: { en: 'T-Shirts' }, productCount: 22 })],
    });
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    expect(
      (within(await rowOf('T-Shirts')).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () =>
      fireEvent.click(within(await rowOf('QA Gadgets')).getByRole('button', { name: 'Delete' })),
    );
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText(consoleEn.catalog.deleteCategoryTitle).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(changes).toEqual([]);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(changes).toEqual([
        { method: 'DELETE', path: '/api/v1/admin/catalog/categories/50', body: undefined },
      ]),
    );
  });
});

describe('Admin -> Catalogue: banners', () => {
  setUpComponentTests({ console: consoleEn });

  it('shows whether each banner is on or off', async () => {
    const banner = (id: string, title: string, isActive: boolean): TAdminBanner => ({
      id,
      titles: { en: title },
      subtitles: {},
      image: { url: '/uploads/b.webp' } as TAdminBanner['image'],
      images: {},
      languages: [],
      link: '/commodity',
      sort: 0,
      isActive,
      startsAt: null,
      endsAt: null,
    });
    await openCatalog({
      url: '/admin/catalog?tab=banners',
      banners: [banner('1', 'Live banner', true), banner('2', 'QA Banner Title', false)],
    });
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    expect(within(await rowOf('Live banner')).getByText(consoleEn.catalog.on)).toBeTruthy();
    expect(within(await rowOf('QA Banner Title')).getByText(consoleEn.catalog.off)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: consoleEn.catalog.active })).toBeTruthy();
  });
});
