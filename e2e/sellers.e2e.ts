import { parseMoney } from '@caravan/contracts';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPage, testAddress, uniqueName } from './browser';
import { clickInDialog, loginBuyer, loginSeller, payAtCheckout, poll, readJson, useBrowser } from './harness';
import { chooseSelectOption, typeSelectOption } from './select';

type TCategory = { id: string; name: string; children: TCategory[] };

async function png(colour: string) {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function firstLeaf(request: APIRequestContext): Promise<{ top: TCategory; leaf: TCategory }> {
  const tree = await readJson<{ categories: TCategory[] }>(await request.get('/api/v1/catalog/categories'));
  const top = tree.categories[0]!;
  let leaf = top;
  while (leaf.children.length > 0) {
    leaf = leaf.children[0]!;
  }
  return { top, leaf };
}

async function staffLogin(page: Page) {
  await readJson(
    await page.request.post('/api/v1/admin/auth/login', {
      data: { username: 'admin', password: 'admin123' },
    }),
  );
}

describe('sellers in the browser', () => {
  const browser = useBrowser();

  it('register, apply, approve, list a product in two languages, sell it, settle it, import, suspend', {
    timeout: 420_000,
  }, async () => {
    const username = uniqueName('merch');
    const password = 'merch123';
    const shopName = `E2E Linen ${Date.now().toString(36)}`;

    // --- A new user registers and applies on /merchantSettled.
    const applicant = await newPage(browser());
    const ap = applicant.page;
    await readJson(
      await ap.request.post('/api/v1/auth/register', {
        data: { accountType: 'username', account: username, password, confirmPassword: password },
      }),
    );
    await loginBuyer(ap, { username, password }, { redirect: '/merchantSettled' });
    await poll(() => ap.getByText('Apply to open a shop').count()).toBeGreaterThan(0);
    // Sent empty, the application says everything it misses at once, the documents among them, each beside its field.
    await ap.getByRole('button', { name: 'Submit application' }).click();
    await poll(() => ap.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(
      expect.arrayContaining(['This field is required', 'Please upload at least one document image']),
    );
    const { top, leaf } = await firstLeaf(ap.request);
    await ap.getByLabel('Shop name').fill(shopName);
    await ap.getByLabel('Categories you sell').click();
    await ap.locator('.ant-select-tree-title').filter({ hasText: top.name }).first().click();
    await ap.keyboard.press('Escape');
    await ap.getByLabel('Contact e-mail').fill('linen.shop@example.com');
    await ap.getByLabel('Contact phone').fill('+4915112345678');
    await typeSelectOption(ap, ap.getByLabel('Country', { exact: true }), 'Germany');
    // The licence goes to the private store, not to /uploads: its preview comes from the applicant's own route.
    await ap
      .getByLabel('Identity or business-licence images', { exact: true })
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: await png('#334155') });
    const licence = ap.getByRole('img', { name: 'Identity or business-licence images: picture 1 of 1' });
    await poll(() => licence.count()).toBe(1);
    const licenceSrc = (await licence.getAttribute('src')) ?? '';
    expect(licenceSrc).toMatch(/^\/api\/v1\/merchant\/documents\/\d+/);
    await poll(() => licence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    const ownRead = await ap.request.get(licenceSrc);
    expect(ownRead.status()).toBe(200);
    expect(ownRead.headers()['cache-control']).toBe('private, no-store');
    // Without the applicant's session it is not there to read.
    const anonymous = await newPage(browser());
    expect((await anonymous.page.request.get(licenceSrc)).status()).toBe(401);
    await anonymous.context.close();
    await ap.getByRole('button', { name: 'Submit application' }).click();
    await poll(() => ap.getByText(`Application for “${shopName}”`).count()).toBe(1);
    await poll(() =>
      ap
        .getByTestId('my-application-documents')
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
    ).toEqual([true]);

    // --- Staff approve it in /admin.
    const staff = await newPage(browser());
    const sp = staff.page;
    await staffLogin(sp);
    await sp.goto('/admin/merchant-applications');
    const row = sp.locator('tr').filter({ hasText: shopName });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Open' }).click();
    // The reviewer sees the licence through the staff route (merchants.review), never a public address.
    const reviewed = sp.locator('.ant-drawer-open').getByTestId('application-documents').locator('img');
    await poll(() =>
      reviewed.evaluateAll((imgs) =>
        imgs.map((img) => [
          img.getAttribute('src')?.split('/').slice(0, 5).join('/'),
          (img as HTMLImageElement).naturalWidth > 0,
        ]),
      ),
    ).toEqual([['/api/v1/admin/merchant-documents', true]]);
    await sp.locator('.ant-drawer-open').getByRole('button', { name: 'Approve' }).click();
    await clickInDialog(sp.locator('.ant-modal-confirm'), 'Approve');
    await poll(() => sp.getByText('Operation succeeded').count()).toBeGreaterThan(0);
    await ap.reload();
    await poll(() => ap.getByText('Your shop is open').count()).toBeGreaterThan(0);
    // The decision reaches the applicant as an in-app notification too.
    await ap.goto('/userInfo/notifications');
    // The shop's name is isolated (FSI … PDI) so that it keeps its own direction inside the sentence.
    await poll(() =>
      ap
        .getByText(`Your shop \u2068${shopName}\u2069 was approved: you can now sign in to the seller centre`)
        .count(),
    ).toBe(1);

    // --- The new seller logs in to /seller and creates a product with two variants, three images, two languages.
    const seller = await newPage(browser());
    const sel = seller.page;
    await loginSeller(sel, { username, password });
    await sel.goto('/seller/products/new');
    await poll(() => sel.getByLabel('Product name (en)').count()).toBe(1);
    // Saved empty, the editor names every missing field at once, beside it, and sends nothing: the name and the
    // pictures used to be checked one after the other, the pictures only by the server, whose "This field is
    // required" said nothing of which field.
    const productPosts: string[] = [];
    sel.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/seller/products')) {
        productPosts.push(request.url());
      }
    });
    await sel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => sel.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([
      'Please enter the name in the shop’s language (English)',
      'This field is required',
      'Please upload at least one image of the product',
      'This field is required',
    ]);
    expect(productPosts).toEqual([]);
    await sel.getByLabel('Product name (en)').fill('Harbour linen shirt');
    await sel.getByLabel('Product description (en)').fill('Breathable linen for warm harbours.');
    await chooseSelectOption(sel, sel.getByLabel('Languages'), 'Deutsch');
    await sel.keyboard.press('Escape');
    await sel.getByRole('tab', { name: 'Deutsch' }).click();
    await sel.getByLabel('Product name (de)').fill('Hafen Leinenhemd');
    await sel.getByLabel('Category', { exact: true }).click();
    await sel.keyboard.type(leaf.name);
    await sel.locator('.ant-select-tree-title').filter({ hasText: leaf.name }).first().click();
    await sel
      .locator('input[type=file]')
      .first()
      .setInputFiles([
        { name: 'a.png', mimeType: 'image/png', buffer: await png('#0F766E') },
        { name: 'b.png', mimeType: 'image/png', buffer: await png('#E4572E') },
        { name: 'c.png', mimeType: 'image/png', buffer: await png('#B45309') },
      ]);
    await sel.getByLabel('Selling price').fill('40');
    await sel.getByRole('button', { name: 'Add attribute' }).click();
    await sel.getByLabel('Attribute, e.g. Colour').fill('Colour');
    const values = sel.getByLabel('Values (Enter after each)');
    await values.click();
    await sel.keyboard.type('Sand');
    await sel.keyboard.press('Enter');
    await sel.keyboard.type('Navy');
    await sel.keyboard.press('Enter');
    await sel.keyboard.press('Escape');
    await sel.getByLabel('Stock Sand').fill('6');
    await sel.getByLabel('Stock Navy').fill('4');
    await poll(() => sel.locator('.ant-upload-list-item-done').count()).toBe(3);
    await sel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => Promise.resolve(/^\/seller\/products\/\d+$/.test(new URL(sel.url()).pathname))).toBe(
      true,
    );
    const productId = new URL(sel.url()).pathname.split('/').pop()!;
    const saved = await readJson<{ images: { url: string }[]; variants: { id: string; values: string[] }[] }>(
      await sel.request.get(`/api/v1/seller/products/${productId}`),
    );
    expect(saved.images).toHaveLength(3);
    expect(saved.variants.map((v) => v.values[0])).toEqual(['Sand', 'Navy']);

    // --- It shows on the storefront and in search, in both languages.
    const shopper = await newPage(browser());
    for (const [lang, name, word] of [
      ['en', 'Harbour linen shirt', 'harbour'],
      ['de', 'Hafen Leinenhemd', 'leinenhemd'],
    ] as const) {
      await shopper.page.goto(`/productDetails?id=${productId}&lang=${lang}`);
      await poll(() => shopper.page.getByText(name).count()).toBeGreaterThan(0);
      const found = await readJson<{ pageList: { id: string }[] }>(
        await shopper.page.request.get(`/api/v1/catalog/search/goods?k=${word}&lang=${lang}`),
      );
      expect(found.pageList.map((p) => p.id)).toContain(productId);
    }

    // --- Another buyer buys it in the storefront: the product page, the Navy variant, Buy now, checkout, pay.
    const buyer = await newPage(browser());
    const bp = buyer.page;
    const txPassword = '135790';
    await loginBuyer(bp, { username: 'demobuyer', password: 'buyer123' });
    // Set-up not under test (the account and orders walks click these): a transaction password and an address.
    const me = await readJson<{ user: { hasTxPassword: boolean } }>(await bp.request.get('/api/v1/auth/me'));
    if (!me.user.hasTxPassword) {
      await readJson(
        await bp.request.post('/api/v1/account/tx-password', {
          data: { txPassword, confirmTxPassword: txPassword },
        }),
      );
    }
    const addresses = await readJson<{ list: { id: string }[] }>(await bp.request.get('/api/v1/addresses'));
    if (addresses.list.length === 0) {
      await readJson(await bp.request.post('/api/v1/addresses', { data: testAddress('E2E Buyer') }));
    }
    await bp.goto(`/productDetails?id=${productId}`);
    const colour = bp.getByRole('radiogroup', { name: 'Colour' });
    await poll(() => colour.count()).toBe(1);
    await colour.locator('label', { hasText: 'Navy' }).click();
    await poll(() => colour.getByRole('radio', { name: 'Navy' }).isChecked()).toBe(true);
    const quantity = bp.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('2');
    await quantity.press('Enter');
    await poll(() => quantity.inputValue()).toBe('2');
    await bp.getByTestId('buy-now').click();
    await poll(() => new URL(bp.url()).pathname).toBe('/settlement');
    const checkout = bp.getByTestId('settlement-order');
    await poll(() => checkout.count()).toBe(1);
    await poll(() => checkout.textContent()).toContain('Harbour linen shirt');
    await poll(() => bp.locator('.cv-address-choice input:checked').count()).toBe(1);
    const orderNos = await payAtCheckout(bp, txPassword);
    expect(orderNos).toHaveLength(1);
    const bought = (
      await readJson<{
        orderInfo: {
          orderNo: string;
          statusName: string;
          items: { productId: string; variantId: string | null; quantity: number }[];
        };
      }>(await bp.request.get(`/api/v1/orders/${orderNos[0]}`))
    ).orderInfo;
    expect(bought.statusName).toBe('paid');
    expect(bought.items.map((i) => [i.productId, i.variantId, i.quantity])).toEqual([
      [productId, saved.variants[1]!.id, 2],
    ]);
    const order = { orderNo: bought.orderNo };
    // The seller ships it from the orders page: the order's details, Ship, carrier and tracking number.
    await sel.goto('/seller/orders');
    const orderRow = sel.locator(`[data-testid="seller-order-row"][data-order-no="${order.orderNo}"]`);
    await poll(() => orderRow.count()).toBe(1);
    await orderRow.getByRole('button', { name: 'Details' }).click();
    const shipButton = sel.getByRole('button', { name: 'Ship', exact: true });
    await poll(() => shipButton.count()).toBe(1);
    await shipButton.click();
    const shipDialog = sel.getByRole('dialog', { name: `Ship order ${order.orderNo}` });
    await poll(() => shipDialog.getByLabel('Carrier').count()).toBe(1);
    await shipDialog.getByLabel('Carrier').fill('DHL');
    await shipDialog.getByLabel('Tracking number').fill('E2E123456');
    await shipDialog.getByRole('button', { name: 'Ship', exact: true }).click();
    // Shipping asks first, naming the carrier and tracking number.
    await clickInDialog(sel.locator('.ant-modal-confirm:visible'), 'Ship');
    await poll(
      async () =>
        (
          await readJson<{ orderInfo: { statusName: string } }>(
            await sel.request.get(`/api/v1/seller/orders/${order.orderNo}`),
          )
        ).orderInfo.statusName,
    ).toBe('shipped');
    // The buyer confirms receipt; the platform settles at once (set-up: no settlement delay).
    await readJson(await bp.request.post(`/api/v1/orders/${order.orderNo}/receive`, { data: {} }));
    await readJson(
      await sp.request.put('/api/v1/admin/system-params/order_settle_days', { data: { value: '0' } }),
    );
    const month = new Date().toISOString().slice(0, 7);
    await poll(
      async () =>
        (
          await readJson<{ orders: number }>(
            await sel.request.get(`/api/v1/seller/settlement?month=${month}`),
          )
        ).orders,
      { timeout: 60_000, interval: 2_000 },
    ).toBe(1);
    const statement = await readJson<{ net: string; commission: string; goodsAmount: string }>(
      await sel.request.get(`/api/v1/seller/settlement?month=${month}`),
    );
    const summary = await readJson<{ balance: string }>(await sel.request.get('/api/v1/seller/summary'));
    // A new seller's wallet holds exactly the settled net.
    expect(parseMoney(summary.balance)).toBe(parseMoney(statement.net));
    expect(parseMoney(statement.net)).toBe(
      parseMoney(statement.goodsAmount) - parseMoney(statement.commission),
    );
    await sel.goto('/seller/settlement');
    await poll(() => sel.locator('tr').filter({ hasText: order.orderNo }).count()).toBe(1);

    // --- Import a CSV from the products page.
    await sel.goto('/seller/products');
    await sel.getByRole('button', { name: 'Import' }).click();
    const csv = [
      'product_code,name_en,category_id,selling_price,stock,images',
      `IMP-1,Imported deck chair,${leaf.id},55,3,${saved.images[0]!.url}`,
      `IMP-2,Imported sun hat,${leaf.id},12.5,8,${saved.images[1]!.url}`,
      `IMP-3,Bad price,${leaf.id},1.123456,1,${saved.images[1]!.url}`,
    ].join('\n');
    await sel
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await poll(() => sel.getByText('2 products saved').count()).toBe(1);
    await poll(() => sel.getByText('1 row refused').count()).toBe(1);
    await poll(() => sel.locator('.ant-modal tr').filter({ hasText: 'selling_price' }).count()).toBe(1);

    // --- Shop settings (its form pieces are shared with the application): a description in a second language.
    await sel.goto('/seller/shop');
    await poll(() => sel.getByLabel('Description (en)').count()).toBe(1);
    await sel.getByLabel('Description (en)').fill('Linen from the harbour');
    await chooseSelectOption(sel, sel.getByLabel('Languages'), 'Deutsch');
    await sel.keyboard.press('Escape');
    await sel.getByRole('tab', { name: 'Deutsch' }).click();
    await sel.getByLabel('Description (de)').fill('Leinen aus dem Hafen');
    await sel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(
      async () =>
        (
          await readJson<{ descriptions: Record<string, string> }>(
            await sel.request.get('/api/v1/seller/shop'),
          )
        ).descriptions,
    ).toEqual({ en: 'Linen from the harbour', de: 'Leinen aus dem Hafen' });

    // --- Staff suspend the shop: its goods leave the storefront and search.
    await sp.goto('/admin/stores');
    await sp.getByRole('searchbox', { name: 'Shop name' }).fill(shopName);
    await sp.getByRole('searchbox', { name: 'Shop name' }).press('Enter');
    const shopRow = sp.locator('tr').filter({ hasText: shopName });
    // The searched list, not the first page it replaces: a click on the first page's row was lost when the search's
    // answer re-rendered the table (CI, a loaded machine).
    await poll(() => sp.locator('tr.ant-table-row').count()).toBe(1);
    await poll(() => shopRow.count()).toBe(1);
    await shopRow.getByRole('button', { name: 'Suspend' }).click();
    await sp.locator('.ant-modal:visible').getByLabel('Reason (shown to the seller)').fill('E2E suspension');
    await clickInDialog(sp.locator('.ant-modal:visible'), 'Confirm');
    await poll(() => shopRow.getByText('Suspended').count()).toBe(1);
    const gone = await shopper.page.request.get(`/api/v1/catalog/products/${productId}`);
    expect(gone.status()).toBe(409);
    const search = await readJson<{ pageList: { id: string }[] }>(
      await shopper.page.request.get('/api/v1/catalog/search/goods?k=harbour'),
    );
    expect(search.pageList.map((p) => p.id)).not.toContain(productId);
    await sel.goto('/seller/shop');
    await poll(() => sel.getByText('E2E suspension').count()).toBe(1);
    await sel.goto('/seller/notifications');
    await poll(() => sel.getByText('Your shop was suspended: \u2068E2E suspension\u2069').count()).toBe(1);

    for (const ctx of [applicant, staff, seller, shopper, buyer]) {
      await ctx.context.close();
    }
  });

  it("the overview shows the shop's figures for each range (the app's language parameter was refused: 400)", async () => {
    const { context, page } = await newPage(browser());
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/seller/dashboard')) {
        answers.push(response.status());
      }
    });
    await loginSeller(page, { username: 'demoseller', password: 'seller123' });
    for (const range of ['Today', '30 days', '7 days']) {
      await page.getByText(range, { exact: true }).click();
      await poll(() => page.locator('.ant-statistic').filter({ hasText: 'GMV' }).count()).toBe(1);
    }
    expect(await page.getByText('Something went wrong, please try again').count()).toBe(0);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    await context.close();
  });
});
