import { randomBytes } from 'node:crypto';
import { displayMoney, parseMoney } from '@caravan/contracts';
import { generate } from 'otplib';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPage, testAddress, uniqueName } from './browser';
import { clickInDialog, loginBuyer, loginStaff, payAtCheckout, poll, readJson, useBrowser } from './harness';

/**
 * Issue 16 in the browser: the dashboard following a paid order, a category moved and seen in two languages, a
 * banner for Arabic only, a withdrawal above the four-eyes threshold approved by two staff members, and TOTP
 * enrolment and sign-in (with a staff member of its own, so other tests keep logging in as admin).
 */
const ADMIN = { username: 'admin', password: 'admin123' };
const FINANCE = { username: 'finance', password: 'finance123' };
const TX_PASSWORD = '468024';
/** A valid TRON (base58check) address; the binding is per buyer, so other files may bind it too. */
const TRON_ADDRESS = 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust';
const WITHDRAWAL_THRESHOLD_CODE = 'four_eyes_withdrawal_threshold';

type TNode = { id: string; name: string; children: TNode[] };
type TWallet = { available: string; held: string };
type TProductDetail = {
  id: string;
  price: string;
  buyMin: number;
  stock: number;
  isOnShelf: boolean;
  variants: { stock: number }[];
};

function usdt(value: string): string {
  return `${displayMoney(parseMoney(value))} USDT`;
}

/**
 * A new buyer, logged in through the log-in page, with a transaction password, a delivery address and
 * `funds` USDT credited by an approved recharge (set-up by API: the wallet's own browser test clicks these).
 */
async function newFundedBuyer(browser: Browser, admin: APIRequestContext, funds: string) {
  const buyer = { username: uniqueName('console'), password: 'Qz7kp4mwx' };
  const { context, page } = await newPage(browser);
  await readJson(
    await page.request.post('/api/v1/auth/register', {
      data: {
        accountType: 'username',
        account: buyer.username,
        password: buyer.password,
        confirmPassword: buyer.password,
      },
    }),
  );
  await context.clearCookies();
  await loginBuyer(page, buyer);
  await readJson(
    await page.request.post('/api/v1/account/tx-password', {
      data: { txPassword: TX_PASSWORD, confirmTxPassword: TX_PASSWORD },
    }),
  );
  await readJson(
    await page.request.post('/api/v1/addresses', {
      data: testAddress('Console Buyer'),
    }),
  );
  const recharge = await readJson<{ id: string }>(
    await page.request.post('/api/v1/wallet/recharges', {
      data: { channelCode: 'USDT-TRC20', amount: funds, txHash: randomBytes(32).toString('hex') },
    }),
  );
  await readJson(await admin.post(`/api/v1/admin/finance/recharges/${recharge.id}/approve`, { data: {} }));
  const wallet = await readJson<TWallet>(await page.request.get('/api/v1/wallet'));
  expect(parseMoney(wallet.available)).toBe(parseMoney(funds));
  return { ...buyer, context, page };
}

/** The number a dashboard figure card shows (money without its unit, counts without group separators). */
async function readFigure(page: Page, key: string): Promise<string> {
  const card = page.locator(`[data-figure="${key}"]`);
  const text = await card.locator('.cv-dashboard__value, .ant-statistic-content-value').first().textContent();
  return (text ?? '').replace(/USDT|,|\s/g, '');
}

describe('platform console in the browser', () => {
  const browser = useBrowser();

  it('opens on the dashboard with figures, charts and a CSV export', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/admin/login');
    await page.getByLabel('Username', { exact: true }).fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
    await poll(() => page.locator('[data-figure="gmv"]').count()).toBe(1);
    await page.getByText('30 days', { exact: true }).click();
    await poll(() => page.locator('.recharts-wrapper').count()).toBeGreaterThan(0);
    const href = await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toContain('day,gmv,deposits');
    // The widest console table fits a 1280 px screen: the welcome campaign's Stop is in view without scrolling.
    await page.goto('/admin/coupon-campaigns');
    const stop = page.getByRole('button', { name: 'Stop', exact: true }).first();
    await stop.waitFor();
    const box = await stop.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.querySelector('.ant-table-content')?.scrollWidth)).toBe(
      await page.evaluate(() => document.querySelector('.ant-table-content')?.clientWidth),
    );
    // An address that names no console page says so and leads back to the console, not to the storefront.
    await page.goto('/admin/no-such-page');
    await page.getByText('Page not found', { exact: true }).waitFor();
    await page.getByRole('link', { name: "Go to the console's start page" }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
    await context.close();
  });

  it("a menu entry shows its page's skeleton at once while the page's code is on its way", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser());
    await loginStaff(page, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // A slow line: every script takes 1.5 s. The router navigates in a transition, in which React kept the
    // dashboard and its menu entry on screen until the staff page's code had loaded, with nothing moving.
    let isLineSlow = true;
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      if (isLineSlow) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    });
    await page.getByRole('menuitem', { name: 'Staff', exact: true }).click();
    const content = page.locator('.cv-console__content');
    await content.getByRole('status').getByText('Loading').waitFor({ timeout: 1_000 });
    expect(await content.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    expect(await page.locator('.ant-menu-item-selected').textContent()).toBe('Staff');
    isLineSlow = false;
    await content.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await context.close();
  });

  it("today's figures grow by exactly the order a new buyer pays at checkout", {
    timeout: 180_000,
  }, async () => {
    const admin = await newPage(browser());
    await loginStaff(admin.page, ADMIN);
    const buyer = await newFundedBuyer(browser(), admin.page.request, '3000');

    // A product the buyer can afford: on the shelf, in stock, its least quantity under 1000 USDT.
    const cards = await readJson<{ pageList: { id: string }[] }>(
      await buyer.page.request.get('/api/v1/catalog/products?pageSize=30'),
    );
    let product: TProductDetail | undefined;
    for (const card of cards.pageList) {
      const detail = await readJson<TProductDetail>(
        await buyer.page.request.get(`/api/v1/catalog/products/${card.id}`),
      );
      const isInStock = detail.variants.length === 0 || detail.variants.some((v) => v.stock >= detail.buyMin);
      if (
        detail.isOnShelf &&
        detail.stock >= detail.buyMin &&
        isInStock &&
        parseMoney(detail.price) * BigInt(detail.buyMin) < parseMoney('1000')
      ) {
        product = detail;
        break;
      }
    }
    expect(product, 'a buyable product in the demo catalogue').toBeDefined();

    await admin.page.goto('/admin/dashboard');
    await poll(() => admin.page.locator('[data-figure="gmv"]').count()).toBe(1);
    const gmvBefore = parseMoney(await readFigure(admin.page, 'gmv'));
    const ordersBefore = Number(await readFigure(admin.page, 'orders'));
    const paidBefore = Number(await readFigure(admin.page, 'paidOrders'));

    const { page } = buyer;
    await page.goto(`/productDetails?id=${product!.id}`);
    await page.getByTestId('buy-now').click();
    await poll(() => new URL(page.url()).pathname).toBe('/settlement');
    await poll(() => page.getByTestId('settlement-order').count()).toBe(1);
    const chosen = page.locator('.cv-address-choice label').filter({ hasText: 'Console Buyer' });
    await poll(() => chosen.locator('input:checked').count()).toBe(1);
    const orderNos = await payAtCheckout(page, TX_PASSWORD);
    expect(orderNos).toHaveLength(1);
    const order = (
      await readJson<{ orderInfo: { statusName: string; paidAmount: string } }>(
        await page.request.get(`/api/v1/orders/${orderNos[0]}`),
      )
    ).orderInfo;
    expect(order.statusName).toBe('paid');

    await admin.page.reload();
    await poll(async () => parseMoney(await readFigure(admin.page, 'gmv')) - gmvBefore).toBe(
      parseMoney(order.paidAmount),
    );
    expect(Number(await readFigure(admin.page, 'orders'))).toBe(ordersBefore + 1);
    expect(Number(await readFigure(admin.page, 'paidOrders'))).toBe(paidBefore + 1);
    await buyer.context.close();
    await admin.context.close();
  });

  it('a withdrawal above the threshold set in the console waits for a second, different approver', {
    timeout: 240_000,
  }, async () => {
    const admin = await newPage(browser());
    await loginStaff(admin.page, ADMIN);
    const params = await readJson<{ data: { code: string; value: string }[] }>(
      await admin.page.request.get('/api/v1/admin/system-params'),
    );
    const previousThreshold = params.data.find((p) => p.code === WITHDRAWAL_THRESHOLD_CODE)?.value ?? '10000';

    // The administrator sets the threshold on the parameters page.
    await admin.page.goto('/admin/system-params');
    const paramRow = admin.page.locator('.ant-table-row', { hasText: WITHDRAWAL_THRESHOLD_CODE });
    await poll(() => paramRow.count()).toBe(1);
    await paramRow.getByRole('button', { name: 'Edit' }).click();
    const editor = admin.page.getByRole('dialog', { name: `Edit ${WITHDRAWAL_THRESHOLD_CODE}` });
    await editor.getByLabel('Value').fill('100');
    await clickInDialog(editor, 'Save');
    await poll(() => paramRow.locator('td').nth(1).textContent()).toBe('100');

    try {
      // A buyer asks to withdraw 150 USDT, above it.
      const buyer = await newFundedBuyer(browser(), admin.page.request, '500');
      const { page } = buyer;
      await readJson(
        await page.request.post('/api/v1/wallet/withdraw-address', {
          data: { network: 'USDT-TRC20', address: TRON_ADDRESS },
        }),
      );
      await page.goto('/userInfo/money-package/withdraw');
      await poll(() => page.getByTestId('bound-address').textContent()).toBe(TRON_ADDRESS);
      await page.getByLabel('Amount (USDT)').fill('150');
      await poll(() => page.locator('.cv-wallet-summary').textContent()).toContain(usdt('149'));
      await page.getByLabel('Transaction password').fill(TX_PASSWORD);
      await page.getByRole('button', { name: 'Submit withdrawal' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
      await poll(() => confirm.textContent()).toContain(TRON_ADDRESS);
      await clickInDialog(confirm, 'Confirm');
      await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('withdrawals');
      const held = await readJson<TWallet>(await page.request.get('/api/v1/wallet'));
      expect(parseMoney(held.held)).toBe(parseMoney('150'));
      const mine = await readJson<{ pageList: { id: string; status: string }[] }>(
        await page.request.get('/api/v1/wallet/withdrawals'),
      );
      const withdrawalId = mine.pageList[0]!.id;

      // The finance reviewer approves it: it now waits for a second approval, under their name.
      const finance = await newPage(browser());
      await loginStaff(finance.page, FINANCE);
      const openInQueue = async () => {
        await finance.page.goto('/admin/finance-withdrawals');
        const row = finance.page.locator('.ant-table-row', { hasText: usdt('150') }).filter({
          hasText: buyer.username,
        });
        await poll(() => row.count()).toBe(1);
        await row.getByRole('button', { name: 'Review' }).click();
        const drawer = finance.page.locator('.cv-finance-drawer');
        await poll(() => drawer.getByText(`#${withdrawalId}`).count()).toBeGreaterThan(0);
        return { row, drawer };
      };
      const first = await openInQueue();
      await poll(() => first.drawer.textContent()).toContain(
        'Above the 100.00 USDT threshold two staff members must approve: the first approval moves no money.',
      );
      await first.drawer.getByRole('button', { name: 'Approve' }).click();
      // The first approval pays nothing out: the dialog says so and asks for no payout hash.
      const approveDialog = finance.page.locator('.cv-finance-approve');
      await poll(() => approveDialog.textContent()).toContain('Yours is the first of two approvals');
      expect(await approveDialog.textContent()).toContain('Send nothing yet.');
      expect(await approveDialog.getByLabel('Payout transaction hash (optional)').count()).toBe(0);
      await clickInDialog(approveDialog.locator('.ant-modal'), 'Approve');
      await poll(() =>
        finance.page
          .getByText('Above the 100.00 USDT threshold: 150.00 USDT now waits for a second staff member')
          .count(),
      ).toBeGreaterThan(0);
      expect(parseMoney((await readJson<TWallet>(await page.request.get('/api/v1/wallet'))).held)).toBe(
        parseMoney('150'),
      );

      await finance.page.goto('/admin/approvals');
      const waiting = finance.page.locator('.ant-table-row', { hasText: `#${withdrawalId}` });
      await poll(() => waiting.count()).toBe(1);
      expect(await waiting.textContent()).toContain('Withdrawal');
      expect(await waiting.textContent()).toContain('Omar Haddad');
      expect(await waiting.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      // Nor can they give the second approval from the review queue, which marks the record as waiting.
      const again = await openInQueue();
      expect(await again.row.textContent()).toContain('Awaiting 2nd approval');
      await poll(() => again.drawer.textContent()).toContain('You gave the first approval on');
      expect(await again.drawer.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      expect(parseMoney((await readJson<TWallet>(await page.request.get('/api/v1/wallet'))).held)).toBe(
        parseMoney('150'),
      );
      await finance.context.close();

      // The administrator gives the second approval: the money leaves.
      await admin.page.goto('/admin/approvals');
      const second = admin.page.locator('.ant-table-row', { hasText: `#${withdrawalId}` });
      await poll(() => second.count()).toBe(1);
      expect(await second.textContent()).toContain('Omar Haddad');
      await second.getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Give the second approval?' });
      await poll(() => dialog.textContent()).toContain('first approved by Omar Haddad');
      await clickInDialog(dialog, 'Approve');
      await poll(() => admin.page.getByText('Approved: the money has moved').count()).toBeGreaterThan(0);
      await poll(() => second.count()).toBe(0);

      const paid = await readJson<TWallet>(await page.request.get('/api/v1/wallet'));
      expect(parseMoney(paid.held)).toBe(0n);
      expect(parseMoney(paid.available)).toBe(parseMoney('350'));
      await page.goto('/userInfo/money-package?tab=withdrawals');
      const record = page.getByTestId('withdrawal-records').locator('.ant-table-row').first();
      await poll(() => record.textContent()).toContain('Success');
      expect(await record.textContent()).toContain(usdt('150'));
      // At 1280 px beside the user centre's menu every column is in view: the address shows its start and end.
      const region = page.getByRole('region', { name: 'Withdrawal records' });
      expect(
        await region.evaluate((element) => element.scrollWidth - element.clientWidth),
        'the withdrawal records scroll sideways',
      ).toBeLessThanOrEqual(0);
      expect(await record.textContent()).toMatch(/…/);
      await buyer.context.close();

      await admin.page.goto('/admin/ledger');
      await admin.page.getByRole('button', { name: 'Run the check' }).click();
      await poll(() => admin.page.getByText('The ledger is consistent').count()).toBeGreaterThan(0);
    } finally {
      await readJson(
        await admin.page.request.put(`/api/v1/admin/system-params/${WITHDRAWAL_THRESHOLD_CODE}`, {
          data: { value: previousThreshold },
        }),
      );
      await admin.context.close();
    }
  });

  it('moves a category and the storefront follows in two languages; a banner shows in Arabic only', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser());
    await readJson(await page.request.post('/api/v1/admin/auth/login', { data: ADMIN }));
    const tree = await readJson<{ categories: TNode[] }>(
      await page.request.get('/api/v1/catalog/categories'),
    );
    const [first, second] = tree.categories;
    const moving = first!.children[0]!;
    await readJson(
      await page.request.put(`/api/v1/admin/catalog/categories/${moving.id}`, {
        data: { parentId: second!.id },
      }),
    );
    let germanParentName = '';
    for (const lang of ['en', 'de']) {
      const after = await readJson<{ categories: TNode[] }>(
        await page.request.get(`/api/v1/catalog/categories?lang=${lang}`),
      );
      const parent = after.categories.find((c) => c.id === second!.id);
      expect(parent?.children.map((c) => c.id)).toContain(moving.id);
      if (lang === 'de') {
        germanParentName = parent!.name;
      }
    }
    // The storefront's category page, in German, shows the new parent.
    await page.goto('/classification?lang=de');
    await poll(() => page.getByText(germanParentName).count()).toBeGreaterThan(0);
    // Put it back for the other browser tests.
    await readJson(
      await page.request.put(`/api/v1/admin/catalog/categories/${moving.id}`, {
        data: { parentId: first!.id },
      }),
    );

    // A banner saved without its picture says so beside the picture and sends nothing (it used to do nothing at
    // all: the picture was not a field of the dialog's form, so its error had nowhere to show).
    const bannerPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/admin/catalog/banners')) {
        bannerPosts.push(request.url());
      }
    });
    // In English again: the storefront's page above chose German.
    await page.goto('/admin/catalog?lang=en');
    await page.getByRole('tab', { name: 'Banners' }).click();
    await page.getByRole('button', { name: 'New banner' }).click();
    const bannerDialog = page.getByRole('dialog', { name: 'New banner' });
    await bannerDialog.getByLabel('Banner text · English').fill('Winter sale');
    await bannerDialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => bannerDialog.locator('.ant-form-item-has-error').allInnerTexts()).toEqual([
      expect.stringContaining('This field is required'),
    ]);
    expect(await bannerDialog.locator('.ant-form-item-has-error label').textContent()).toBe('Picture');
    expect(bannerPosts).toEqual([]);
    await bannerDialog.getByRole('button', { name: 'Cancel' }).click();

    // A banner for Arabic only, with its own words over a wordless picture.
    const png = await sharp({ create: { width: 1920, height: 600, channels: 3, background: '#B45309' } })
      .png()
      .toBuffer();
    const uploaded = await readJson<{ url: string }>(
      await page.request.post('/api/v1/uploads', {
        multipart: { moduleName: 'banner', file: { name: 'banner.png', mimeType: 'image/png', buffer: png } },
      }),
    );
    const arabicTitle = `عروض ${Date.now().toString(36)}`;
    const banner = await readJson<{ id: string }>(
      await page.request.post('/api/v1/admin/catalog/banners', {
        data: {
          titles: { ar: arabicTitle },
          imageRef: uploaded.url,
          languages: ['ar'],
          sort: 0,
          link: '/discounted',
        },
      }),
    );
    await page.goto('/index?lang=ar');
    await poll(() => page.locator('.cv-carousel__title', { hasText: arabicTitle }).count()).toBe(1);
    await page.goto('/index?lang=en');
    await poll(() => page.locator('.cv-carousel').count()).toBeGreaterThan(0);
    expect(await page.getByText(arabicTitle).count()).toBe(0);
    await readJson(await page.request.delete(`/api/v1/admin/catalog/banners/${banner.id}`));
    await context.close();
  });

  it('a staff member enrols TOTP with the QR code page and then signs in with a code', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser());
    await readJson(await page.request.post('/api/v1/admin/auth/login', { data: ADMIN }));
    const roles = await readJson<{ data: { id: string; name: string }[] }>(
      await page.request.get('/api/v1/admin/roles'),
    );
    const finance = roles.data.find((r) => r.name === 'Finance reviewer')!;
    const member = { username: uniqueName('totp'), password: 'totp1234' };
    await readJson(
      await page.request.post('/api/v1/admin/staff', {
        data: { ...member, displayName: 'TOTP reviewer', roleId: finance.id },
      }),
    );
    await context.clearCookies();

    await page.goto('/admin/login');
    await page.getByLabel('Username', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).not.toBe('/admin/login');
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    const secret = (await page.locator('.ant-typography code').first().textContent())!.trim();
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await poll(() => page.getByText('The authenticator app is on').count()).toBeGreaterThan(0);
    expect(await page.locator('.cv-totp__codes li').count()).toBe(10);

    await context.clearCookies();
    await page.goto('/admin/login');
    await page.getByLabel('Username', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => page.getByLabel('Authenticator code').count()).toBe(1);
    // The next 30-second step: the enrolment code's step cannot be used twice.
    await page
      .getByLabel('Authenticator code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).not.toBe('/admin/login');
    await context.close();
  });
});
