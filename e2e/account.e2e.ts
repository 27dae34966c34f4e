import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestSmtpServer } from '../apps/server/src/testing/smtp';
import { launchBrowser, newPage, uniqueName } from './browser';
import { seededPgliteCopy } from './seeded-data';
import { chooseSelectOption } from './select';

/**
 * Issue 15 "How it will be checked", in Chromium with a real SMTP server on this machine: this file starts
 * its own Caravan server with SMTP_URL pointing at an SMTP server started here, and reads what arrives.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 20_000, interval: 200 });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('account services in the browser, with real e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let server: ChildProcess;
  let base = '';
  let dataDir = '';
  let browser: Browser;

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
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The demo data seeded once for the run (global setup), copied: the same state a first start leaves.
    dataDir = seededPgliteCopy(inject('seededPgliteDir'), 'caravan-e2e-account-');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: '10000',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Caravan <no-reply@caravan.example>',
    };
    // PGlite in its own directory, even when the suite runs on PostgreSQL.
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null) {
        throw new Error(`server exited with ${server.exitCode}`);
      }
      const ok = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) {
        break;
      }
      if (Date.now() - started > 170_000) {
        throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('forgot password: the code arrives by e-mail, the new password works and the old sessions end', async () => {
    const user = await register();
    const { page, context } = await newPage(browser, { baseURL: base });
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Username, e-mail or mobile number' }).fill(user.email);
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

  it('subscribing mails a coupon that the checkout takes off the order', async () => {
    const user = await register();
    const { page, context } = await newPage(browser, { baseURL: base });
    await page.goto('/index');
    const subscribe = page.locator('form.cv-subscribe');
    await subscribe.getByRole('textbox').fill(user.email);
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    const mail = await smtp.waitFor(user.email, 30_000, (m) => m.subject.startsWith('Welcome to Caravan'));
    const coupon = /WELCOME-[A-Z0-9]{10}/.exec(mail.text)?.[0];
    expect(coupon).toBeDefined();
    expect(mail.text).toContain('It takes 5.00 USDT off an order of at least 50.00 USDT');
    // Subscribing the same address again is refused and sends nothing more.
    await subscribe.getByRole('textbox').fill(user.email);
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await poll(() => page.getByText('This email is already subscribed').count()).toBeGreaterThan(0);

    await login(page, user.email, user.password);
    await page.goto('/userInfo/coupons');
    await page.getByTestId('coupon-code-input').fill(coupon!.toLowerCase());
    await page.getByRole('button', { name: 'Add' }).click();
    await poll(() => page.getByTestId('coupon-row').filter({ hasText: coupon! }).count()).toBe(1);

    // Buy enough of a demo product to reach the minimum spend, and choose the coupon at checkout.
    const products = (await (await fetch(`${base}/api/v1/catalog/products?pageSize=50`)).json()) as {
      pageList: { id: string; price: string }[];
    };
    // A product (its first variant when it has some) bought for at least the coupon's 50 USDT.
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
    await page.goto(`/settlement?${chosen!.query}`);
    const order = page.getByTestId('settlement-order').first();
    await poll(() => order.count()).toBe(1);
    const select = order.getByRole('combobox');
    await chooseSelectOption(page, select, 'Welcome coupon');
    await poll(() => order.getByText('-5.00 USDT').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('refuses to cancel an account with a balance, cancels one without; afterwards it cannot log in or register again', async () => {
    const user = await register();
    // A balance: a 20 USDT recharge approved by the finance reviewer.
    const recharge = await api(
      '/wallet/recharges',
      { channelCode: 'USDT-TRC20', amount: '20', txHash: randomBytes(32).toString('hex') },
      user.token,
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

    const { page, context } = await newPage(browser, { baseURL: base });
    await login(page, user.email, user.password);
    const tryToCancel = async () => {
      await page.goto('/userInfo/setup/account-cancellation');
      await page.getByLabel('Why are you leaving?').fill('Moving to another platform');
      await page.getByLabel('Login password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Close my account' }).click();
      await page.getByRole('button', { name: 'Yes, close it' }).click();
    };
    await tryToCancel();
    await poll(() =>
      page
        .getByRole('alert')
        .filter({ hasText: /balance/i })
        .count(),
    ).toBeGreaterThan(0);
    expect(
      (await api('/auth/login', { accountType: 'email', account: user.email, password: user.password }))
        .status,
    ).toBe(200);
    await context.close();

    // Without a balance the account closes; its e-mail cannot log in or register again.
    const plain = await register();
    const second = await newPage(browser, { baseURL: base });
    await login(second.page, plain.email, plain.password);
    await second.page.goto('/userInfo/setup/account-cancellation');
    await second.page.getByLabel('Why are you leaving?').fill('No longer needed');
    await second.page.getByLabel('Login password', { exact: true }).fill(plain.password);
    await second.page.getByRole('button', { name: 'Close my account' }).click();
    await second.page.getByRole('button', { name: 'Yes, close it' }).click();
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
