import { parseMoney } from '@caravan/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, uniqueName } from './browser';
import { clickInDialog, loginBuyer, loginStaff, poll, startSeededServer, useBrowser } from './harness';
import type { TTestServer } from './test-server';

/**
 * Issue 13 in the browser, as a new user would: real-name verification approved by staff, a loan above
 * the four-eyes threshold with the agreement ticked, two approvals by two staff members, the wallet
 * credited and the schedule shown, the clock moved past the due date (overdue with a penalty), repay all,
 * repaid; the ledger check holds throughout, and a second buyer is refused the first buyer's loan.
 *
 * Moving the clock needs TEST_CLOCK=true, which the server refuses with NODE_ENV=production, so this file
 * starts its own server in test mode (on the web build the global setup made) instead of the shared one.
 */
const BUYER = { username: uniqueName('loanbuyer'), password: 'buyer123' };
const TX_PASSWORD = '135246';
const ADMIN = { username: 'admin', password: 'admin123' };
const FINANCE = { username: 'finance', password: 'finance123' };

describe('loans in the browser', () => {
  const browser = useBrowser();
  let server: TTestServer;
  let buyer: { context: BrowserContext; page: Page };
  let finance: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let idPhoto: Buffer;

  async function api<T>(
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
  }

  async function staffToken(login: { username: string; password: string }): Promise<string> {
    const res = await api<{ token: string }>('POST', '/api/v1/admin/auth/login', undefined, login);
    expect(res.status).toBe(200);
    return res.body.token;
  }

  async function ledgerIsOk(): Promise<boolean> {
    const res = await api<{ isOk: boolean }>('GET', '/api/v1/admin/ledger/check', await staffToken(ADMIN));
    expect(res.status).toBe(200);
    return res.body.isOk;
  }

  /** A page on this file's server; like every page, it acts only once a server-rendered page has hydrated. */
  function open(): Promise<{ context: BrowserContext; page: Page }> {
    return newPage(browser(), { baseURL: server.baseUrl });
  }

  let buyerToken: string;

  beforeAll(async () => {
    // On the run's database: the PostgreSQL run walks loans on PostgreSQL too (its server once always used PGlite).
    server = await startSeededServer({
      prefix: 'caravan-loans-e2e-',
      database: 'suite',
      env: { NODE_ENV: 'test', TEST_CLOCK: 'true', RUN_JOBS: 'false' },
    });
    idPhoto = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const registered = await api<{ token: string }>('POST', '/api/v1/auth/register', undefined, {
      accountType: 'username',
      account: BUYER.username,
      password: BUYER.password,
      confirmPassword: BUYER.password,
    });
    expect(registered.status).toBe(201);
    buyerToken = registered.body.token;
    const tx = await api('POST', '/api/v1/account/tx-password', buyerToken, {
      txPassword: TX_PASSWORD,
      confirmTxPassword: TX_PASSWORD,
    });
    expect(tx.status).toBe(200);
    buyer = await open();
    finance = await open();
    admin = await open();
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('verifies, borrows above the four-eyes threshold, goes overdue, repays all', async () => {
    const { page } = buyer;
    await loginBuyer(page, BUYER);
    await loginStaff(finance.page, FINANCE);
    await loginStaff(admin.page, ADMIN);
    // Real-name verification in the user centre
    await page.goto('/userInfo/verification');
    await page.getByLabel('Real name', { exact: true }).fill('Amina Trader');
    await page.getByLabel('Nationality').click();
    await page.keyboard.type('Kenya');
    await page.keyboard.press('Enter');
    await page.getByLabel('ID number').fill('KE12345678');
    // The pictures are chosen with the Upload buttons: the file inputs behind them are not shown (Ant Design's form
    // styles made a `hidden` one a block, so a browser's own "Choose File" stood beside each button).
    await page.getByRole('button', { name: 'Upload' }).first().waitFor();
    expect(
      await page
        .locator('input[type=file]')
        .evaluateAll((inputs: HTMLInputElement[]) => inputs.map((i) => i.offsetHeight)),
    ).toEqual([0, 0]);
    await page.getByLabel('Front of the document', { exact: true }).setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: idPhoto,
    });
    await poll(() => page.getByRole('img', { name: 'Front of the document' }).count()).toBe(1);
    await page.getByLabel('Back of the document', { exact: true }).setInputFiles({
      name: 'back.png',
      mimeType: 'image/png',
      buffer: idPhoto,
    });
    await poll(() => page.getByRole('img', { name: 'Back of the document' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await poll(() => page.getByText('Reviewing').count()).toBeGreaterThan(0);

    // Staff approve it in the KYC queue
    await finance.page.goto('/admin/kyc-review');
    const kycRow = finance.page.locator('.ant-table-row', { hasText: 'Amina Trader' });
    await poll(() => kycRow.count()).toBeGreaterThan(0);
    await kycRow.first().getByRole('button', { name: 'Documents' }).click();
    await poll(() => finance.page.locator('.ant-drawer img').count()).toBe(2);
    await finance.page.locator('.ant-drawer').getByRole('button', { name: 'Approve' }).click();
    // Approving lets the applicant borrow: the console asks once more, naming them.
    const approveQuestion = finance.page.locator('.ant-popover', {
      hasText: "Approve Amina Trader's identity? They can then apply for loans.",
    });
    await approveQuestion.getByRole('button', { name: 'Approve' }).click();
    await poll(
      async () =>
        (await api<{ realNameStatus: string }>('GET', '/api/v1/verification', buyerToken)).body
          .realNameStatus,
    ).toBe('approved');

    // The platform lowers the four-eyes threshold so this loan needs two reviewers
    const adminToken = await staffToken(ADMIN);
    const threshold = await api('PUT', '/api/v1/admin/system-params/loan_four_eyes_threshold', adminToken, {
      value: '200000',
    });
    expect(threshold.status).toBe(200);
    const refused = await api('PUT', '/api/v1/admin/system-params/loan_four_eyes_threshold', adminToken, {
      value: 'lots',
    });
    expect(refused.status).toBe(400);

    // Calculator, then the application with the agreement ticked
    await page.goto('/credit');
    // By its label: the header's search box is the page's first text box.
    const amountInput = page.getByLabel('Amount', { exact: true });
    await amountInput.fill('300000');
    await poll(() => page.getByText('Total to repay').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Apply for this loan' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/credit/application');
    await poll(() => page.getByText('Amina Trader').count()).toBeGreaterThan(0);
    await page.getByLabel('Purpose of the loan').fill('Stock for the spring season');
    const submit = page.getByRole('button', { name: 'Submit the application' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('I have read and accept the loan agreement').click();
    await submit.click();
    await poll(() => new URL(page.url()).pathname).toBe('/credit/myLoan');
    await poll(() => page.getByText('Applying').count()).toBeGreaterThan(0);

    // First approval by the finance reviewer, second by the administrator
    for (const [reviewer, outcome] of [
      [finance.page, /^Above the four-eyes threshold of 200,000\.00 USDT: this is the first approval/],
      [admin.page, /^This is the second approval/],
    ] as const) {
      await reviewer.goto('/admin/loan-review');
      const row = reviewer.locator('.ant-table-row', { hasText: BUYER.username });
      await poll(() => row.count()).toBeGreaterThan(0);
      await row.first().getByRole('button', { name: 'Documents' }).click();
      await poll(() => reviewer.getByText('Applicant history').count()).toBeGreaterThan(0);
      await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
      // The confirmation says what this approval does.
      await poll(() => reviewer.locator('.ant-modal:visible').getByText(outcome).count()).toBe(1);
      // Once the confirmation has zoomed in: clicked mid-zoom in CI (two browser lanes, load 12), the OK got no click.
      await clickInDialog(reviewer.locator('.ant-modal:visible'), 'Approve');
      // The page answers with a toast: "Saved", or the server's refusal, which then fails the test by its text.
      await poll(async () =>
        (await reviewer.locator('.ant-message-notice').allInnerTexts()).join(' | '),
      ).toContain('Saved');
      await poll(() => reviewer.getByText('Applicant history').count()).toBe(0);
    }
    const wallet = await api<{ available: string }>('GET', '/api/v1/wallet', buyerToken);
    expect(parseMoney(wallet.body.available)).toBe(parseMoney('300000'));
    await page.reload();
    await poll(() => page.getByText('Loan succeeded').count()).toBeGreaterThan(0);
    await poll(() => page.getByText('Credited to your wallet').count()).toBeGreaterThan(0);
    expect(await ledgerIsOk()).toBe(true);

    // Past the due date (30 days) and the grace days: overdue with a penalty
    const moved = await api('POST', '/api/v1/admin/test/clock', adminToken, { days: 40 });
    expect(moved.status).toBe(200);
    await page.reload();
    await poll(() => page.locator('.ant-tag', { hasText: 'Overdue' }).count()).toBeGreaterThan(0);
    const mine = await api<{ current: { status: string; penaltyOwed: string } }>(
      'GET',
      '/api/v1/loans/mine',
      buyerToken,
    );
    expect(mine.body.current.status).toBe('overdue');
    expect(parseMoney(mine.body.current.penaltyOwed)).toBeGreaterThan(0n);
    expect(await ledgerIsOk()).toBe(true);

    // Repay everything owed with the transaction password (top up first: interest and penalty)
    const recharge = await api<{ id: string }>('POST', '/api/v1/wallet/recharges', buyerToken, {
      channelCode: 'USDT-TRC20',
      amount: '9000',
      txHash: 'ab'.repeat(32),
    });
    expect(recharge.status).toBe(201);
    const approved = await api(
      'POST',
      `/api/v1/admin/finance/recharges/${recharge.body.id}/approve`,
      await staffToken(FINANCE),
    );
    expect(approved.status).toBe(200);
    await page.getByRole('button', { name: 'Repay now' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByText('Everything owed').click();
    await dialog.getByLabel('Transaction password').fill(TX_PASSWORD);
    await clickInDialog(dialog, 'OK');
    await poll(() => page.getByText('Repayment received').count()).toBeGreaterThan(0);
    await page.reload();
    await poll(() => page.locator('.ant-tag', { hasText: 'Repaid' }).count()).toBeGreaterThan(0);
    expect(await ledgerIsOk()).toBe(true);
  }, 240_000);

  it('refuses a second buyer every call on the first buyer’s verification and loan', async () => {
    const mine = await api<{ current: { id: string } }>('GET', '/api/v1/loans/mine', buyerToken);
    const loanId = mine.body.current.id;
    const verification = await api<{ realName: { images: { front: string } } }>(
      'GET',
      '/api/v1/verification',
      buyerToken,
    );
    const imageId = verification.body.realName.images.front;
    const other = await api<{ token: string }>('POST', '/api/v1/auth/register', undefined, {
      accountType: 'username',
      account: uniqueName('loanother'),
      password: 'buyer123',
      confirmPassword: 'buyer123',
    });
    const token = other.body.token;
    expect((await api('GET', `/api/v1/loans/${loanId}`, token)).status).toBe(404);
    expect(
      (await api('POST', `/api/v1/loans/${loanId}/repay`, token, { kind: 'all', txPassword: TX_PASSWORD }))
        .status,
    ).toBe(404);
    expect(
      (
        await fetch(`${server.baseUrl}/api/v1/verification/images/${imageId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(404);
    expect((await api<{ realName: null }>('GET', '/api/v1/verification', token)).body.realName).toBeNull();
    expect((await api('GET', `/api/v1/admin/loans/${loanId}`, token)).status).toBe(401);
    // identity photos are not under the public upload path
    expect((await fetch(`${server.baseUrl}/uploads/identity/${imageId}`)).status).not.toBe(200);
  });
});
