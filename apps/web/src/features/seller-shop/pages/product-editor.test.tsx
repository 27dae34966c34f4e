import type { TSellerProductDetail } from '@caravan/contracts';
import errorsEn from '@caravan/contracts/locales/en/errors.json';
import validationEn from '@caravan/contracts/locales/en/validation.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AntdScope } from '../../../components/ui/antd-scope';
import commonEn from '../../../locales/en/common.json';
import sellerEn from '../../../locales/en/seller.json';
import sellerRu from '../../../locales/ru/seller.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { stubUploadRequests } from '../../../testing/upload-requests';
import ProductEditorPage from './product-editor';

/** The API as a new product's editor reads it: a shop writing in `lang`, no categories. Returns the fetch mock. */
function stubNewProductApi(lang = 'en') {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/v1/system-params') {
      return jsonResponse({ data: { mall_max_goods_number_in_order: '500' } });
    }
    return jsonResponse(path === '/api/v1/seller/shop' ? { lang } : { categories: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A product on file with two variants, as the editor reads it; returns the fetch mock. */
function stubProductWithVariants() {
  const product: TSellerProductDetail = {
    id: '405',
    categoryId: '3',
    names: { en: 'Linen shirt' },
    descriptions: { en: '' },
    images: [
      {
        url: '/uploads/img/4e/4e70c6733e9266299c7b16094b42749f-640.webp',
        width: 640,
        height: 640,
        srcset: '/uploads/img/4e/4e70c6733e9266299c7b16094b42749f-640.webp 640w',
      },
    ],
    code: 'LS-1',
    sellingPrice: '12.50',
    retailPrice: '0',
    originalPrice: '0',
    discountPrice: null,
    discountEndsAt: null,
    stock: 10,
    buyMin: 1,
    buyMax: null,
    dispatchFee: '0',
    longDistanceFee: '0',
    deliveryFee: '0',
    weightGrams: 0,
    isOnShelf: true,
    state: 'onShelf',
    takenDownReason: null,
    attributes: [{ name: 'Colour', values: ['Red', 'Blue'] }],
    variants: [
      { id: '1', values: ['Red'], price: null, stock: 4, code: '' },
      { id: '2', values: ['Blue'], price: null, stock: 6, code: '' },
    ],
    updatedAt: '2026-12-03T08:00:00.000Z',
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/v1/seller/shop') {
      return jsonResponse({ lang: 'en' });
    }
    return jsonResponse(path === '/api/v1/seller/products/405' ? product : { categories: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The editor of product 405, a saved product (stubProductWithVariants answers its reads). */
async function openSavedProduct() {
  await renderWithQueries(
    <Routes>
      <Route path="/seller/products/:id" element={<ProductEditorPage />} />
    </Routes>,
    '/seller/products/405',
  );
}

/**
 * Product 405's editor under a data router, as the app runs it (useBlocker needs one), with the products list and
 * the orders page to leave to. Returns the router.
 */
async function openSavedProductInDataRouter() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/seller/products/:id', element: <ProductEditorPage /> },
      { path: '/seller/products', element: <p>Products list</p> },
      { path: '/seller/orders', element: <p>Orders page</p> },
    ],
    { initialEntries: ['/seller/products/405'] },
  );
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

const isUnloadAsked = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('Seller -> product editor', () => {
  setUpComponentTests({ seller: sellerEn });

  it('offers to load again when the shop could not be read, instead of "Product not found"', async () => {
    let isDown = true;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/seller/shop' && isDown) {
        return jsonResponse({ error: { code: 'INTERNAL', message: 'database is down', details: {} } }, 503);
      }
      if (path === '/api/v1/seller/shop') {
        return jsonResponse({ lang: 'en' });
      }
      return jsonResponse({ categories: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<ProductEditorPage />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('database is down'));
    expect(screen.queryByText(sellerEn.editor.notFound)).toBeNull();
    isDown = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy());
  });

  it('says beside the field that a price is too high or a repeated attribute name is taken', async () => {
    stubNewProductApi();
    await renderWithQueries(<ProductEditorPage />);
    const price = await screen.findByLabelText(sellerEn.editor.sellingPrice, { selector: 'input' });
    fireEvent.change(price, { target: { value: '9999999999999' } });
    await waitFor(() => expect(screen.getByText(validationEn.priceTooHigh)).toBeTruthy());
    fireEvent.change(price, { target: { value: '12.345678' } });
    await waitFor(() => expect(screen.getByText(validationEn.salePrice)).toBeTruthy());
    // The previous message leaves with Ant Design's motion.
    await waitFor(() => expect(screen.queryByText(validationEn.priceTooHigh)).toBeNull());
    // Below 0 and 0 itself get the same words: "-1" said "at least 0", and 0 was then refused as "above 0".
    for (const value of ['-1', '0']) {
      fireEvent.change(price, { target: { value } });
      await waitFor(() => expect(screen.getByText(validationEn.salePrice)).toBeTruthy());
    }
    expect(screen.queryByText(validationEn.price)).toBeNull();

    const addAttribute = screen.getByRole('button', { name: sellerEn.editor.addAttribute });
    await act(async () => fireEvent.click(addAttribute));
    await act(async () => fireEvent.click(addAttribute));
    const [first, second] = screen.getAllByRole('textbox', { name: sellerEn.editor.attributeName });
    fireEvent.change(first!, { target: { value: 'Colour' } });
    fireEvent.change(second!, { target: { value: ' colour' } });
    expect(screen.getByText(validationEn.attributeNameTaken)).toBeTruthy();
    expect(second!.getAttribute('aria-invalid')).toBe('true');
    expect(first!.getAttribute('aria-invalid')).toBe('false');
  });

  it('checks the discount and the order limits beside their fields, in the words of the other checks', async () => {
    const fetchMock = stubNewProductApi();
    await renderWithQueries(
      <AntdScope>
        <ProductEditorPage />
      </AntdScope>,
    );
    const selling = await screen.findByLabelText(sellerEn.editor.sellingPrice, { selector: 'input' });
    const discount = screen.getByLabelText(sellerEn.editor.discountPrice, { selector: 'input' });
    // The end is read in the seller's own zone, which its label names (a buyer elsewhere sees it in theirs).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const endsAt = screen.getByLabelText(`${sellerEn.editor.discountEndsAt} (${zone})`, {
      selector: 'input',
    });
    // An end date belongs to a discount price.
    expect(endsAt.hasAttribute('disabled')).toBe(true);
    fireEvent.change(selling, { target: { value: '10' } });
    fireEvent.change(discount, { target: { value: '12' } });
    await waitFor(() => expect(screen.getByText(errorsEn.DISCOUNT_INVALID)).toBeTruthy());
    expect(endsAt.hasAttribute('disabled')).toBe(false);
    fireEvent.change(discount, { target: { value: '8' } });
    // The message leaves with Ant Design's motion.
    await waitFor(() => expect(screen.queryByText(errorsEn.DISCOUNT_INVALID)).toBeNull(), { timeout: 5_000 });

    const buyMin = screen.getByLabelText(sellerEn.editor.buyMin, { selector: 'input' });
    const buyMax = screen.getByLabelText(sellerEn.editor.buyMax, { selector: 'input' });
    fireEvent.change(buyMin, { target: { value: '5' } });
    fireEvent.change(buyMax, { target: { value: '2' } });
    fireEvent.blur(buyMax);
    await waitFor(() => expect(screen.getByText(validationEn.maxBelowMin)).toBeTruthy());
    // Not above the platform's limit of a line (500 here): checkout would refuse every quantity of it.
    fireEvent.change(buyMin, { target: { value: '600' } });
    fireEvent.blur(buyMin);
    const platformRange = validationEn.wholeRange.replace('{{min}}', '1').replace('{{max}}', '500');
    await waitFor(() => expect(screen.getByText(platformRange)).toBeTruthy());
    fireEvent.change(buyMin, { target: { value: '5' } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    // The category pick-list left empty: the form's own wording, not Ant Design's "Please enter Category".
    await waitFor(() => expect(screen.getAllByText(validationEn.required).length).toBeGreaterThan(0));
    expect(screen.queryByText(/Please enter Category/i)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('does not send the form on Enter in a one-line field; a text box keeps its new line', async () => {
    stubNewProductApi();
    await renderWithQueries(<ProductEditorPage />);
    const code = await screen.findByLabelText(sellerEn.editor.code, { selector: 'input' });
    // A browser sends a form on Enter in one of its fields unless the keydown is cancelled (jsdom does not submit, so
    // the cancelled keydown is what is checked): a seller's Enter after a variant's code published the product.
    expect(fireEvent.keyDown(code, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(code, { key: 'a' })).toBe(true);
    const description = document.querySelector('textarea');
    expect(description).not.toBeNull();
    expect(fireEvent.keyDown(description!, { key: 'Enter' })).toBe(true);
  });

  it("writes the weight's unit in the page's language", async () => {
    stubNewProductApi('ru');
    i18next.addResourceBundle('ru', 'seller', sellerRu, true, true);
    await i18next.changeLanguage('ru');
    try {
      await renderWithQueries(<ProductEditorPage />);
      const weight = await screen.findByLabelText(sellerRu.editor.weight, { selector: 'input' });
      expect(weight.closest('.ant-input-number')?.textContent).toBe(sellerRu.editor.weightUnit);
      expect(screen.queryByText('g', { exact: true })).toBeNull();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it("checks a variant's stock beside its row, keeps what was typed and names the variant on saving", async () => {
    const fetchMock = stubProductWithVariants();
    await openSavedProduct();
    const red = await screen.findByRole('spinbutton', { name: `${sellerEn.products.stock} Red` });
    const blue = screen.getByRole('spinbutton', { name: `${sellerEn.products.stock} Blue` });
    const stockRange = validationEn.wholeRange.replace('{{min}}', '0').replace('{{max}}', '100,000,000');
    // Far over the limit: the server's refusal named no variant, and the box showed "99999999…".
    await act(async () => fireEvent.change(red, { target: { value: '999999999999' } }));
    await waitFor(() => expect(red.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(stockRange)).toBeTruthy();
    // Below 0: Ant Design's box made -7 a silent 0.
    await act(async () => fireEvent.change(blue, { target: { value: '-7' } }));
    await act(async () => fireEvent.blur(blue));
    expect((blue as HTMLInputElement).value).toBe('-7');
    expect(blue.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(stockRange)).toHaveLength(2);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`Red: ${stockRange}`));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT' || init?.method === 'POST')).toBe(
      false,
    );

    await act(async () => fireEvent.change(red, { target: { value: '12' } }));
    await act(async () => fireEvent.change(blue, { target: { value: '3' } }));
    expect(red.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(stockRange)).toBeNull();
  });
  it('gives the stock typed before the first attribute to the first variant, and says stock is now per variant', async () => {
    stubNewProductApi();
    await renderWithQueries(<ProductEditorPage />);
    const stock = await screen.findByRole('spinbutton', { name: sellerEn.products.stock });
    await act(async () => fireEvent.change(stock, { target: { value: '100' } }));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: sellerEn.editor.addAttribute })),
    );
    fireEvent.change(screen.getByRole('textbox', { name: sellerEn.editor.attributeName }), {
      target: { value: 'Colour' },
    });
    const values = screen.getByRole('combobox', { name: sellerEn.editor.attributeValues });
    await act(async () => fireEvent.change(values, { target: { value: 'Gold,Silver,' } }));
    // The 100 went to Gold alone: none is made up for Silver, and none is lost unseen (it was, with stock 0 saved).
    const gold = await screen.findByRole('spinbutton', { name: `${sellerEn.products.stock} Gold` });
    const silver = screen.getByRole('spinbutton', { name: `${sellerEn.products.stock} Silver` });
    expect((gold as HTMLInputElement).value).toBe('100');
    expect((silver as HTMLInputElement).value).toBe('0');
    expect(screen.getByText(sellerEn.editor.stockPerVariant)).toBeTruthy();
    expect(
      screen.getByText(
        sellerEn.editor.stockCarried.replace('{{stock}}', '100').replace('{{variant}}', 'Gold'),
      ),
    ).toBeTruthy();
  });

  it('keeps the stock given to the first variant with it when a second attribute rebuilds the rows', async () => {
    stubNewProductApi();
    await renderWithQueries(<ProductEditorPage />);
    const stock = await screen.findByRole('spinbutton', { name: sellerEn.products.stock });
    await act(async () => fireEvent.change(stock, { target: { value: '40' } }));
    const addAttribute = async (name: string, values: string) => {
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: sellerEn.editor.addAttribute })),
      );
      const names = screen.getAllByRole('textbox', { name: sellerEn.editor.attributeName });
      fireEvent.change(names[names.length - 1] as HTMLElement, { target: { value: name } });
      const lists = screen.getAllByRole('combobox', { name: sellerEn.editor.attributeValues });
      await act(async () =>
        fireEvent.change(lists[lists.length - 1] as HTMLElement, { target: { value: values } }),
      );
    };
    const stockOf = (variant: string) =>
      (screen.getByRole('spinbutton', { name: `${sellerEn.products.stock} ${variant}` }) as HTMLInputElement)
        .value;
    const carried = (variant: string) =>
      sellerEn.editor.stockCarried.replace('{{stock}}', '40').replace('{{variant}}', variant);
    await addAttribute('Size', 'S,M,L,');
    await waitFor(() => expect(stockOf('S')).toBe('40'));
    expect(screen.getByText(carried('S'))).toBeTruthy();
    await addAttribute('Colour', 'Red,Blue,');
    // Every row went back to 0 while the notice still said the 40 was in S.
    await waitFor(() => expect(stockOf('S / Red')).toBe('40'));
    for (const variant of ['S / Blue', 'M / Red', 'M / Blue', 'L / Red', 'L / Blue']) {
      expect(stockOf(variant)).toBe('0');
    }
    expect(screen.getByText(carried('S / Red'))).toBeTruthy();
    expect(screen.queryByText(carried('S'))).toBeNull();
  });

  it('asks before unsaved edits are left by Cancel, the menu or a reload', async () => {
    const fetchMock = stubProductWithVariants();
    const router = await openSavedProductInDataRouter();
    const code = await screen.findByLabelText(sellerEn.editor.code, { selector: 'input' });
    // Nothing changed yet: Cancel leaves at once, and a reload is not questioned.
    expect(isUnloadAsked()).toBe(false);
    await act(async () => fireEvent.change(code, { target: { value: 'LS-2' } }));
    expect(isUnloadAsked()).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: commonEn.actions.cancel })));
    // Labelled by its title (the tests' stand-in ids are all alike, so the title is looked for inside).
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(commonEn.unsavedChanges.title);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: commonEn.unsavedChanges.stay })),
    );
    expect(router.state.location.pathname).toBe('/seller/products/405');
    expect(
      (screen.getByLabelText(sellerEn.editor.code, { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('LS-2');
    // The side menu is a router link: the same question.
    await act(async () => void router.navigate('/seller/orders'));
    await waitFor(() =>
      expect(screen.getByRole('dialog').textContent).toContain(commonEn.unsavedChanges.title),
    );
    expect(router.state.location.pathname).toBe('/seller/products/405');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: commonEn.unsavedChanges.discard })),
    );
    await waitFor(() => expect(screen.getByText('Orders page')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('gives the focus back to Save once the saved product is drawn anew (QA: the next Tab started at the top)', async () => {
    const reads = stubProductWithVariants();
    let updatedAt = '2026-12-03T08:00:00.000Z';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          updatedAt = '2026-12-07T09:00:00.000Z';
        }
        const answer = await reads(input, init);
        if (new URL(String(input), 'http://localhost').pathname !== '/api/v1/seller/products/405') {
          return answer;
        }
        return jsonResponse({ ...((await answer.json()) as object), updatedAt });
      }),
    );
    await openSavedProductInDataRouter();
    const code = await screen.findByLabelText(sellerEn.editor.code, { selector: 'input' });
    await act(async () => fireEvent.change(code, { target: { value: 'LS-2' } }));
    const save = screen.getByRole('button', { name: commonEn.actions.save });
    save.focus();
    await act(async () => fireEvent.click(save));
    // Drawn anew with the saved product: another Save button, which has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: commonEn.actions.save })).not.toBe(save), {
      timeout: 5000,
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: commonEn.actions.save })),
    );
  });

  it('leaves without asking once the edits are saved', async () => {
    const fetchMock = stubProductWithVariants();
    const router = await openSavedProductInDataRouter();
    const code = await screen.findByLabelText(sellerEn.editor.code, { selector: 'input' });
    await act(async () => fireEvent.change(code, { target: { value: 'LS-2' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: commonEn.actions.save })));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    await waitFor(() => expect(isUnloadAsked()).toBe(false));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: commonEn.actions.cancel })));
    await waitFor(() => expect(screen.getByText('Products list')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/seller/products');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a value the attribute has already, case and spaces aside, and says so beside the values', async () => {
    stubNewProductApi();
    await renderWithQueries(<ProductEditorPage />);
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: sellerEn.editor.addAttribute })),
    );
    fireEvent.change(screen.getByRole('textbox', { name: sellerEn.editor.attributeName }), {
      target: { value: 'Größe' },
    });
    const values = screen.getByRole('combobox', { name: sellerEn.editor.attributeValues });
    // "s" is "S" to the server (VARIANT_DUPLICATE): it made a second row labelled "S" sharing the first one's inputs.
    await act(async () => fireEvent.change(values, { target: { value: 'S, s ,M,' } }));
    await screen.findByRole('spinbutton', { name: `${sellerEn.products.stock} M` });
    expect(screen.getAllByRole('spinbutton', { name: `${sellerEn.products.stock} S` })).toHaveLength(1);
    expect(screen.queryByRole('spinbutton', { name: `${sellerEn.products.stock} s` })).toBeNull();
    const message = sellerEn.editor.attributeValueTaken.replace('{{value}}', 's');
    expect(screen.getByText(message).closest('.ant-col')?.contains(values)).toBe(true);
  });

  it('creates a new product once: a Save before the page has moved to it saves that product again (QA)', async () => {
    const picture = {
      url: '/uploads/img/4e/4e70c6733e9266299c7b16094b42749f-640.webp',
      width: 640,
      height: 640,
      srcset: '/uploads/img/4e/4e70c6733e9266299c7b16094b42749f-640.webp 640w',
    };
    stubUploadRequests({ status: 201, body: picture });
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST' || init?.method === 'PUT') {
          sent.push(`${init.method} ${path}`);
          return jsonResponse({ id: '10410', updatedAt: '2026-12-07T00:00:00.000Z' });
        }
        if (path === '/api/v1/seller/shop') {
          return jsonResponse({ lang: 'en' });
        }
        if (path === '/api/v1/system-params') {
          return jsonResponse({ data: { mall_max_goods_number_in_order: '500' } });
        }
        return jsonResponse({ categories: [{ id: '3', name: 'Shirts', children: [] }] });
      }),
    );
    // The editor stays on screen after the first save, as it did while the page moved to the product's address.
    await renderWithQueries(
      <Routes>
        <Route path="/seller/products/*" element={<ProductEditorPage />} />
      </Routes>,
      '/seller/products/new',
    );
    fireEvent.change(await screen.findByLabelText('Product name (en)'), { target: { value: 'Linen shirt' } });
    const category = screen.getByLabelText(sellerEn.products.category);
    await act(async () => fireEvent.mouseDown(category));
    await act(async () => fireEvent.click(await screen.findByTitle('Shirts')));
    const fileInput = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await act(async () =>
      fireEvent.change(fileInput, {
        target: { files: [new File(['png'], 'shirt.png', { type: 'image/png' })] },
      }),
    );
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-done')).not.toBeNull());
    fireEvent.change(screen.getByLabelText(sellerEn.editor.sellingPrice, { selector: 'input' }), {
      target: { value: '12.50' },
    });
    fireEvent.change(screen.getByLabelText(sellerEn.products.stock, { selector: 'input' }), {
      target: { value: '7' },
    });
    const save = screen.getByRole('button', { name: commonEn.actions.save });
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(sent).toEqual(['POST /api/v1/seller/products']));
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toBe('PUT /api/v1/seller/products/10410');
  });

  it('asks before saving a product on shelf with no stock, and saves it only when the seller confirms', async () => {
    const fetchMock = stubProductWithVariants();
    await openSavedProduct();
    const red = await screen.findByRole('spinbutton', { name: `${sellerEn.products.stock} Red` });
    const blue = screen.getByRole('spinbutton', { name: `${sellerEn.products.stock} Blue` });
    await act(async () => fireEvent.change(red, { target: { value: '0' } }));
    await act(async () => fireEvent.change(blue, { target: { value: '0' } }));
    const isSent = () =>
      fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT' || init?.method === 'POST');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(screen.getByRole('dialog').textContent).toContain(sellerEn.editor.zeroStockTitle),
    );
    expect(isSent()).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sellerEn.editor.zeroStockOk })));
    await waitFor(() => expect(isSent()).toBe(true));
  });
});
