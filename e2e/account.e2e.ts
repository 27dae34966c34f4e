import { randomBytes } from 'node:crypto';
import { displayMoney, parseMoney, type TLedgerCheckReport } from '@caravan/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../apps/server/src/testing/smtp';
import { newPage, testAddress, uniqueName } from './browser';
import {
  clickInDialog,
  confirmAndShip,
  loginSeller,
  openSellerOrder,
  payAtCheckout,
  poll,
  startSeededServer,
  useBrowser,
} from './harness';
import { chooseSelectOption } from './select';
import type { TTestServer } from './test-server';

/**
 * Issue 15 "How it will be checked", in Chromium with a real SMTP server on this machine: this file starts
 * its own Caravan server with SMTP_URL pointing at an SMTP server started here, and reads what arrives.
 */
const TX_PASSWORD = '264813';
const TEST_ADDRESS = testAddress('E2E Coupon Buyer');

describe('account services in the browser, with real e-mail', () => {
  const browser = useBrowser();
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let server: TTestServer;
  let base = '';

  const api = async (pathname: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/v1${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const register = async (password = 'Ovq7mZ2k') => {
    const name = uniqueName('acct');
    const email = `${name}@caravan.example`;
    const res = await api('/auth/register', {
      accountType: 'email',
      account: email,
      password,
      confirmPassword: password,
    });
    expect(res.status).toBe(201);
    return { email, password, token: String(res.body.token) };
  };

  /** Set-up not under test: a recharge of `amount` USDT approved by the finance reviewer. */
  const fund = async (token: string, amount: string) => {
    const recharge = await api(
      '/wallet/recharges',
      { channelCode: 'USDT-TRC20', amount, txHash: randomBytes(32).toString('hex') },
      token,
    );
    expect(recharge.status).toBe(201);
    const finance = await api('/admin/auth/login', { username: 'finance', password: 'finance123' });
    expect(finance.status).toBe(200);
    const approved = await api(
      `/admin/finance/recharges/${String(recharge.body.id)}/approve`,
      {},
      String(finance.body.token),
    );
    expect(approved.status).toBe(200);
  };

  /** The admin ledger check (as in loans.e2e.ts), with the platform accounts' balances. */
  const ledgerCheck = async () => {
    const admin = await api('/admin/auth/login', { username: 'admin', password: 'admin123' });
    expect(admin.status).toBe(200);
    const res = await fetch(`${base}/api/v1/admin/ledger/check`, {
      headers: { authorization: `Bearer ${String(admin.body.token)}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as TLedgerCheckReport;
  };

  const login = async (page: Page, email: string, password: string) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).not.toBe('/login');
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // PGlite in its own directory, even when the suite runs on PostgreSQL.
    server = await startSeededServer({
      prefix: 'caravan-e2e-account-',
      env: {
        SMTP_URL: smtp.url,
        SETTLE_EVERY_SECONDS: '2',
        MAIL_FROM: 'Caravan <no-reply@caravan.example>',
      },
    });
    base = server.baseUrl;
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('forgot password: the code arrives by e-mail, the new password works and the old sessions end', async () => {
    const user = await register();
    const { page, context } = await newPage(browser(), { baseURL: base });
    await page.goto('/forgot-password');
    // The account as at log-in: a tab for each kind (a mobile number comes with its area code).
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await poll(() => page.getByRole('button', { name: /Resend in \d+ s/ }).count()).toBe(1);
    const mail = await smtp.waitFor(user.email, 30_000);
    expect(mail.subject).toMatch(/^Your Caravan verification code: \d{6}$/);
    const code = /Your verification code is: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(code);

    await page.getByRole('textbox', { name: 'Verification code' }).fill(code!);
    await page.getByLabel('New password', { exact: true }).fill('Tp9xWq4r');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Tp9xWq4r');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/login');

    const me = await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status).toBe(401);
    expect(
      (await api('/auth/login', { accountType: 'email', account: user.email, password: 'Ovq7mZ2k' })).status,
    ).toBe(400);
    await login(page, user.email, 'Tp9xWq4r');
    await context.close();
  });

  it('subscribing and confirming mails a coupon; paid with it, the seller is settled on the full amount and the platform pays the discount', {
    timeout: 240_000,
  }, async () => {
    const user = await register();
    const { page, context } = await newPage(browser(), { baseURL: base });
    await page.goto('/index');
    const subscribe = page.locator('form.cv-subscribe');
    await subscribe.getByRole('textbox').fill(user.email);
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => page.getByText(/check your mailbox and open the link/).count()).toBeGreaterThan(0);
    // Double opt-in: the coupon comes only once the link of the confirmation mail is followed.
    const confirmation = await smtp.waitFor(user.email, 30_000, (m) => m.subject.startsWith('Confirm your'));
    const link = /https?:\/\/\S+\/subscription\/confirm\S*#[\w.-]+/.exec(confirmation.text)?.[0];
    expect(link).toBeDefined();
    const { pathname, search, hash } = new URL(link!);
    await page.goto(`${pathname}${search}${hash}`);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await poll(() =>
      page.getByText('Your subscription is confirmed', { exact: false }).count(),
    ).toBeGreaterThan(0);
    const mail = await smtp.waitFor(user.email, 30_000, (m) => m.subject.startsWith('Welcome to Caravan'));
    const coupon = /WELCOME-[A-Z0-9]{10}/.exec(mail.text)?.[0];
    expect(coupon).toBeDefined();
    expect(mail.text).toContain('It takes 5.00 USDT off an order of at least 50.00 USDT');
    // Subscribing the same address again is refused and sends nothing more.
    await page.goto('/index');
    await subscribe.getByRole('textbox').fill(user.email);
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => page.getByText('This email is already subscribed').count()).toBeGreaterThan(0);

    // Set-up not under test: a balance, a transaction password and an address for the new buyer.
    await fund(user.token, '200');
    expect(
      (
        await api(
          '/account/tx-password',
          { txPassword: TX_PASSWORD, confirmTxPassword: TX_PASSWORD },
          user.token,
        )
      ).status,
    ).toBe(200);
    expect((await api('/addresses', TEST_ADDRESS, user.token)).status).toBe(201);

    await login(page, user.email, user.password);
    await page.goto('/userInfo/coupons');
    await page.getByTestId('coupon-code-input').fill(coupon!.toLowerCase());
    await page.getByRole('button', { name: 'Add' }).click();
    await poll(() => page.getByTestId('coupon-row').filter({ hasText: coupon! }).count()).toBe(1);

    // A product of demoseller's shop bought for at least the coupon's 50 USDT minimum spend.
    const seller = await api('/seller/auth/login', {
      accountType: 'username',
      account: 'demoseller',
      password: 'seller123',
    });
    expect(seller.status).toBe(200);
    const sellerToken = String(seller.body.token);
    const sellerMe = (await (
      await fetch(`${base}/api/v1/seller/auth/me`, { headers: { authorization: `Bearer ${sellerToken}` } })
    ).json()) as { store: { id: string } };
    const products = (await (
      await fetch(`${base}/api/v1/catalog/stores/${sellerMe.store.id}/products?pageNum=1&pageSize=50`)
    ).json()) as { pageList: { id: string; price: string }[] };
    let chosen: { query: string } | undefined;
    const statuses: number[] = [];
    for (const candidate of products.pageList.filter((p) => Number(p.price) >= 5 && Number(p.price) <= 60)) {
      const detail = (await (await fetch(`${base}/api/v1/catalog/products/${candidate.id}`)).json()) as {
        variants?: { id: string }[];
      };
      const variantId = detail.variants?.[0]?.id;
      const quantity = Math.ceil(60 / Number(candidate.price));
      const line = { productId: candidate.id, quantity, ...(variantId ? { variantId } : {}) };
      const preview = await api('/orders/preview', { items: [line] }, user.token);
      statuses.push(preview.status);
      if (preview.status === 200) {
        chosen = {
          query: `productId=${candidate.id}&quantity=${quantity}${variantId ? `&variantId=${variantId}` : ''}`,
        };
        break;
      }
    }
    expect(chosen, `previews answered ${statuses.join(',')}`).toBeDefined();
    const before = await ledgerCheck();
    await page.goto(`/settlement?${chosen!.query}`);
    const order = page.getByTestId('settlement-order').first();
    await poll(() => order.count()).toBe(1);
    const select = order.getByRole('combobox');
    await chooseSelectOption(page, select, 'Welcome coupon');
    await poll(() => order.getByText('-5.00 USDT').count()).toBeGreaterThan(0);

    // Meanwhile the coupon goes into another order (another tab): placing this one refuses it, takes it off and shows
    // the amounts without it (the page kept showing the discount it could no longer give).
    const authorised = { authorization: `Bearer ${user.token}` };
    const [couponId] = (
      (await (await fetch(`${base}/api/v1/coupons`, { headers: authorised })).json()) as {
        list: { id: string; code: string }[];
      }
    ).list
      .filter((c) => c.code === coupon)
      .map((c) => c.id);
    const [addressId] = (
      (await (await fetch(`${base}/api/v1/addresses`, { headers: authorised })).json()) as {
        list: { id: string }[];
      }
    ).list.map((a) => a.id);
    const params = new URLSearchParams(chosen!.query);
    const goodsLine = {
      productId: params.get('productId'),
      quantity: Number(params.get('quantity')),
      ...(params.get('variantId') ? { variantId: params.get('variantId') } : {}),
    };
    const elsewhere = await api(
      '/orders',
      { items: [goodsLine], addressId, coupons: [{ storeId: sellerMe.store.id, couponId }] },
      user.token,
    );
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    await page.getByTestId('place-order').click();
    await poll(() =>
      page.getByText(/^This coupon has already been used\. It was taken off the order/).count(),
    ).toBe(1);
    await poll(() => order.getByText('-5.00 USDT').count()).toBe(0);
    // That other order is cancelled: the coupon comes back, and is chosen again.
    const [elsewhereOrder] = elsewhere.body.orders as { orderNo: string }[];
    expect((await api(`/orders/${elsewhereOrder!.orderNo}/cancel`, { reason: 0 }, user.token)).status).toBe(
      200,
    );
    await page.reload();
    await poll(() => order.count()).toBe(1);
    await chooseSelectOption(page, select, 'Welcome coupon');
    await poll(() => order.getByText('-5.00 USDT').count()).toBeGreaterThan(0);

    // Place and pay the discounted order with the balance; a reload while the pay dialog is open shows it again.
    const orderNos = await payAtCheckout(page, TX_PASSWORD, { reloadBeforePaying: true });
    expect(orderNos).toHaveLength(1);
    const orderNo = orderNos[0]!;
    const readOrder = async () =>
      (
        (await (
          await fetch(`${base}/api/v1/orders/${orderNo}`, {
            headers: { authorization: `Bearer ${user.token}` },
          })
        ).json()) as {
          orderInfo: { statusName: string; paidAmount: string; amounts: { discount: string; total: string } };
        }
      ).orderInfo;
    const paid = await readOrder();
    expect(paid.statusName).toBe('paid');
    expect(paid.amounts.discount).toBe('5.00');
    expect(paid.paidAmount).toBe(paid.amounts.total);
    const fullAmount = parseMoney(paid.amounts.total) + parseMoney(paid.amounts.discount);
    // The coupon is used up by this order.
    await page.goto('/userInfo/coupons');
    const usedRow = page.getByTestId('coupon-row').filter({ hasText: coupon! });
    await poll(() => usedRow.getByText('Used', { exact: true }).count()).toBe(1);
    const coupons = (await (
      await fetch(`${base}/api/v1/coupons`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json()) as { list: { code: string; status: string }[] };
    expect(coupons.list.find((c) => c.code === coupon)?.status).toBe('used');
    // The platform marketing account paid the discount into the escrow, in the same payment.
    const afterPay = await ledgerCheck();
    expect(parseMoney(afterPay.platformBalances.platform_marketing ?? '0')).toBe(
      parseMoney(before.platformBalances.platform_marketing ?? '0') - parseMoney('5'),
    );

    // demoseller confirms and ships in the seller centre.
    const sellerPage = await newPage(browser(), { baseURL: base });
    await loginSeller(sellerPage.page, { username: 'demoseller', password: 'seller123' });
    const drawer = await openSellerOrder(sellerPage.page, orderNo);
    await confirmAndShip(sellerPage.page, drawer, { carrier: 'DHL Express', trackingNo: 'JD0146000067890' });

    // The buyer confirms receipt.
    await page.goto('/userInfo/my-order?tab=receipt');
    const card = page.locator(`[data-order-no="${orderNo}"]`);
    await poll(() => card.count()).toBe(1);
    await card.getByRole('button', { name: 'Confirm receipt' }).click();
    await clickInDialog(page.locator('.ant-modal-confirm'), 'Confirm receipt');
    await poll(() => page.getByText('Receipt confirmed').count()).toBeGreaterThan(0);

    // Settlement at once (set-up: the platform's settlement delay to 0 days; the server settles every 2 s).
    const admin = await api('/admin/auth/login', { username: 'admin', password: 'admin123' });
    expect(admin.status).toBe(200);
    const put = await fetch(`${base}/api/v1/admin/system-params/order_settle_days`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(admin.body.token)}` },
      body: JSON.stringify({ value: '0' }),
    });
    expect(put.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    type TStatement = {
      lines: { pageList: { orderNo: string; goodsAmount: string; commission: string; net: string }[] };
    };
    const lineOf = async () =>
      (
        (await (
          await fetch(`${base}/api/v1/seller/settlement?month=${month}&pageSize=100`, {
            headers: { authorization: `Bearer ${sellerToken}` },
          })
        ).json()) as TStatement
      ).lines.pageList.find((l) => l.orderNo === orderNo);
    await poll(lineOf, { timeout: 60_000, interval: 1_000 }).toBeDefined();
    const line = (await lineOf())!;
    // The seller is settled on the full amount (what the buyer paid plus the coupon), less the commission.
    expect(parseMoney(line.goodsAmount)).toBe(fullAmount);
    expect(parseMoney(line.net)).toBe(fullAmount - parseMoney(line.commission));
    await sellerPage.page.goto(`/seller/settlement?month=${month}`);
    const settled = sellerPage.page.locator('tr').filter({ hasText: orderNo });
    await poll(() => settled.count()).toBe(1);
    expect(await settled.textContent()).toContain(displayMoney(fullAmount));
    await sellerPage.context.close();

    // The ledger check is clean, and marketing still carries exactly the discount.
    const after = await ledgerCheck();
    expect(after.isOk, JSON.stringify(after.breaches)).toBe(true);
    expect(after.breachCount).toBe(0);
    expect(after.platformBalances.platform_marketing).toBe(afterPay.platformBalances.platform_marketing);
    await context.close();
  });

  it('refuses to cancel an account with a balance, cancels one without; afterwards it cannot log in or register again', async () => {
    const user = await register();
    // A balance: a 20 USDT recharge approved by the finance reviewer.
    await fund(user.token, '20');

    const { page, context } = await newPage(browser(), { baseURL: base });
    await login(page, user.email, user.password);
    // The balance is named before anything is filled in, and the form cannot be sent.
    await page.goto('/userInfo/setup/account-cancellation');
    await poll(() => page.getByTestId('cancellation-blockers').textContent()).toMatch(/balance/i);
    await poll(() => page.getByRole('button', { name: 'Close my account' }).isDisabled()).toBe(true);
    expect(
      (await api('/auth/login', { accountType: 'email', account: user.email, password: user.password }))
        .status,
    ).toBe(200);
    await context.close();

    // Without a balance the account closes; its e-mail cannot log in or register again.
    const plain = await register();
    const second = await newPage(browser(), { baseURL: base });
    await login(second.page, plain.email, plain.password);
    await second.page.goto('/userInfo/setup/account-cancellation');
    await second.page.getByLabel('Why are you leaving?').fill('No longer needed');
    await second.page.getByLabel('Login password', { exact: true }).fill(plain.password);
    await second.page.getByRole('button', { name: 'Close my account' }).click();
    await clickInDialog(second.page.locator('.ant-modal-confirm'), 'Yes, close it');
    await poll(() => new URL(second.page.url()).pathname).toBe('/index');
    await poll(
      async () =>
        (await api('/auth/login', { accountType: 'email', account: plain.email, password: plain.password }))
          .status,
    ).not.toBe(200);
    const again = await api('/auth/register', {
      accountType: 'email',
      account: plain.email,
      password: plain.password,
      confirmPassword: plain.password,
    });
    expect(again.status).toBe(409);
    await second.context.close();
  });
});
