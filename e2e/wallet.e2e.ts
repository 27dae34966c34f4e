import { randomBytes } from 'node:crypto';
import { displayMoney, formatMoney, parseMoney } from '@caravan/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, uniqueName } from './browser';
import { clickInDialog, loginBuyer, loginStaff, poll, useBrowser } from './harness';
import { chooseSelectOption } from './select';

/**
 * Issue "Wallet and ledger" in the browser: recharge, finance review, bind address, withdraw, reject, approve.
 * The buyer is registered here, not the demo buyer, so that other browser tests (which set the demo buyer's
 * transaction password or leave it orders) cannot change what this file sees.
 */
const BUYER = { username: uniqueName('wallet'), password: 'buyer123' };
const FINANCE = { username: 'finance', password: 'finance123' };
/** A valid TRON (base58check) address owned by nobody in the demo. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TX_PASSWORD = '246810';

type TWallet = { available: string; held: string; hasUnfinished: boolean };

async function readWallet(page: Page): Promise<TWallet> {
  const res = await page.request.get('/api/v1/wallet');
  expect(res.status()).toBe(200);
  return (await res.json()) as TWallet;
}

function usdt(value: string): string {
  return `${displayMoney(parseMoney(value))} USDT`;
}

/** Opens the first processing record of the queue that matches `amount` and runs `decide` in its drawer. */
async function reviewInQueue(
  page: Page,
  path: string,
  amount: string,
  decide: (page: Page) => Promise<void>,
) {
  await page.goto(path);
  const row = page.locator('.ant-table-row', { hasText: usdt(amount) }).filter({ hasText: BUYER.username });
  await poll(() => row.count()).toBeGreaterThan(0);
  await row.first().getByRole('button', { name: 'Review' }).click();
  const drawer = page.locator('.cv-finance-drawer');
  await poll(() => drawer.getByText(usdt(amount)).count()).toBeGreaterThan(0);
  await decide(page);
}

describe('wallet in the browser', () => {
  const browser = useBrowser();
  let buyer: { context: BrowserContext; page: Page };
  let finance: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    const registered = await fetch(`${baseUrl()}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        accountType: 'username',
        account: BUYER.username,
        password: BUYER.password,
        confirmPassword: BUYER.password,
      }),
    });
    expect(registered.status).toBe(201);
    buyer = await newPage(browser());
    finance = await newPage(browser());
  });

  it('logs in a new buyer and the finance reviewer', async () => {
    await loginBuyer(buyer.page, BUYER);
    await loginStaff(finance.page, FINANCE);
  });

  it('recharges 100 USDT on TRC20 with a tx hash; finance approves; the balance grows by 100', async () => {
    const { page } = buyer;
    const before = await readWallet(page);
    expect(before.hasUnfinished).toBe(false);
    await page.goto('/userInfo/money-package');
    await poll(() => page.getByTestId('wallet-available').textContent()).toBe(usdt(before.available));

    await page.getByRole('link', { name: 'Recharge' }).first().click();
    await poll(() => new URL(page.url()).pathname).toBe('/userInfo/money-package/recharge');
    await page.getByRole('button', { name: /USDT \(TRC20\)/ }).click();
    await poll(() => page.getByTestId('deposit-address').textContent()).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}/);
    expect(await page.locator('.cv-wallet-deposit__qr svg').count()).toBe(1);

    const amount = page.getByLabel('Amount (USDT)');
    await amount.fill('0.5');
    await amount.blur();
    // Below the channel's minimum: its range, whatever the decimals (not the general "at least 1").
    await poll(() =>
      page.getByText(/^Please enter an amount between [\d.,]+ and [\d.,]+ USDT$/).count(),
    ).toBeGreaterThan(0);
    await amount.fill('100');
    await page.getByLabel('Transaction hash').fill(randomBytes(32).toString('hex'));
    // Fee and actual amount are on the page before confirming.
    await poll(() => page.locator('.cv-wallet-summary').textContent()).toContain(usdt('100'));
    await page.getByRole('button', { name: 'Submit recharge' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the recharge' });
    await poll(() => confirm.getByText(usdt('100')).count()).toBeGreaterThan(0);
    await clickInDialog(confirm, 'Confirm');
    await poll(() => new URL(page.url()).pathname).toBe('/userInfo/money-package');
    const firstRecord = page.getByTestId('recharge-records').locator('.ant-table-row').first();
    await poll(() => firstRecord.textContent()).toContain('Processing');
    expect(await firstRecord.textContent()).toContain(usdt('100'));
    // While it is processing, the page explains why a new one is refused.
    await poll(() =>
      page.getByText('A recharge or withdrawal is still being processed').count(),
    ).toBeGreaterThan(0);

    await reviewInQueue(finance.page, '/admin/finance-recharges', '100', async (admin) => {
      await admin.locator('.cv-finance-drawer').getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.locator('.cv-finance-approve');
      await clickInDialog(dialog, 'Approve');
      await poll(() =>
        admin.getByText('Recharge approved: the balance was credited').count(),
      ).toBeGreaterThan(0);
    });

    const after = await readWallet(page);
    expect(parseMoney(after.available) - parseMoney(before.available)).toBe(parseMoney('100'));
    await page.reload();
    await poll(() => page.getByTestId('wallet-available').textContent()).toBe(usdt(after.available));
    await poll(() => firstRecord.textContent()).toContain('Success');
  });

  it('binds a TRON address, sets a transaction password, withdraws; finance rejects one and approves another', async () => {
    const { page } = buyer;
    await page.goto('/userInfo/money-package/withdraw');
    const bound = page.getByTestId('bound-address');
    await poll(
      async () => (await bound.count()) + (await page.getByRole('button', { name: 'Bind address' }).count()),
    ).toBeGreaterThan(0);
    if ((await bound.count()) === 0) {
      await chooseSelectOption(page, page.getByLabel('Network'), 'USDT-TRC20');
      const invalid = () => page.getByText('The address is not valid for this network').count();
      // Not a TRON address's form: said beside the field before the irreversible binding is even offered.
      await page.getByLabel('Address', { exact: true }).fill('Tnot-a-valid-address');
      await page.getByRole('button', { name: 'Bind address' }).click();
      await poll(invalid).toBeGreaterThan(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // A TRON address's form with a wrong checksum: the server checks it and says so; the dialog closes on its answer.
      await page.getByLabel('Address', { exact: true }).fill('TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmusT');
      await page.getByRole('button', { name: 'Bind address' }).click();
      // The form's own check passes: its message is gone while the binding is confirmed.
      await poll(invalid).toBe(0);
      await clickInDialog(page.getByRole('dialog'), 'Confirm');
      await poll(invalid).toBeGreaterThan(0);
      await poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await bound.count()).toBe(0);
      await page.getByLabel('Address', { exact: true }).fill(TRON_ADDRESS);
      await page.getByRole('button', { name: 'Bind address' }).click();
      await clickInDialog(page.getByRole('dialog'), 'Confirm');
      await poll(() => bound.textContent()).toBe(TRON_ADDRESS);
    }
    const address = (await bound.textContent()) ?? '';

    if ((await page.getByText('Set a transaction password before withdrawing.').count()) > 0) {
      await page.getByRole('link', { name: 'Set transaction password' }).click();
      await page.getByLabel('New transaction password').fill(TX_PASSWORD);
      await page.getByLabel('Confirm transaction password').fill(TX_PASSWORD);
      await page.getByRole('button', { name: 'Save' }).click();
      // Back to the withdrawal that asked for it.
      await poll(() => new URL(page.url()).pathname).toBe('/userInfo/money-package/withdraw');
    }

    const withdraw = async (amount: string) => {
      const before = await readWallet(page);
      await page.goto('/userInfo/money-package/withdraw');
      await page.getByLabel('Amount (USDT)').fill(amount);
      // TRC20 withdrawals cost 1 USDT: fee and actual amount appear before submitting.
      const summary = page.locator('.cv-wallet-summary');
      await poll(() => summary.textContent()).toContain(usdt('1'));
      expect(await summary.textContent()).toContain(usdt(formatMoney(parseMoney(amount) - parseMoney('1'))));
      await page.getByLabel('Transaction password').fill(TX_PASSWORD);
      await page.getByRole('button', { name: 'Submit withdrawal' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
      await poll(() => confirm.textContent()).toContain(address);
      expect(await confirm.textContent()).toContain(usdt(amount));
      await clickInDialog(confirm, 'Confirm');
      await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('withdrawals');
      const held = await readWallet(page);
      expect(parseMoney(before.available) - parseMoney(held.available)).toBe(parseMoney(amount));
      expect(parseMoney(held.held) - parseMoney(before.held)).toBe(parseMoney(amount));
      const row = page.getByTestId('withdrawal-records').locator('.ant-table-row').first();
      await poll(() => row.textContent()).toContain('Processing');
      return before;
    };

    const beforeRejected = await withdraw('20');
    await reviewInQueue(finance.page, '/admin/finance-withdrawals', '20', async (admin) => {
      await admin.locator('.cv-finance-drawer').getByRole('button', { name: 'Reject' }).click();
      const dialog = admin.locator('.cv-finance-reject');
      // The dialog opens in its reason field (the focus was on its close button, where typing went nowhere).
      await poll(() =>
        admin.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '',
        ),
      ).toMatch(/reason/i);
      await clickInDialog(dialog, 'Reject');
      // A reason is required, and said so (it read "a reason of at most 255 characters").
      await poll(() => dialog.getByText('This field is required').count()).toBe(1);
      // A reason pasted past its 255 characters is kept whole and refused beside the field: the browser had cut it at
      // 255 without a word and the rest was lost.
      const reason = dialog.getByLabel('Reason');
      await reason.focus();
      await admin.keyboard.insertText('The address failed the check. '.repeat(10));
      expect(await reason.inputValue()).toHaveLength(300);
      await poll(() => dialog.getByText('300 / 255').count()).toBe(1);
      await clickInDialog(dialog, 'Reject');
      await poll(() => dialog.getByText('Please enter a reason of at most 255 characters').count()).toBe(1);
      await reason.fill('Address check failed');
      await clickInDialog(dialog, 'Reject');
      await poll(() => admin.getByText('Rejected', { exact: true }).count()).toBeGreaterThan(0);
    });
    const restored = await readWallet(page);
    expect(restored.available).toBe(beforeRejected.available);
    expect(restored.held).toBe(beforeRejected.held);

    const beforeApproved = await withdraw('30');
    await reviewInQueue(finance.page, '/admin/finance-withdrawals', '30', async (admin) => {
      await admin.locator('.cv-finance-drawer').getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.locator('.cv-finance-approve');
      await dialog.getByLabel('Payout transaction hash (optional)').fill(randomBytes(32).toString('hex'));
      await clickInDialog(dialog, 'Approve');
      await poll(() => admin.getByText('Withdrawal approved').count()).toBeGreaterThan(0);
    });
    const paid = await readWallet(page);
    expect(parseMoney(beforeApproved.available) - parseMoney(paid.available)).toBe(parseMoney('30'));
    expect(paid.held).toBe(beforeApproved.held);

    await page.goto('/userInfo/money-package?tab=withdrawals');
    const rows = page.getByTestId('withdrawal-records').locator('.ant-table-row');
    await poll(() => rows.nth(0).textContent()).toContain('Success');
    expect(await rows.nth(0).textContent()).toContain(usdt('30'));
    expect(await rows.nth(1).textContent()).toContain('Failed');
    expect(await rows.nth(1).textContent()).toContain('Reason: \u2068Address check failed\u2069');
    expect(await rows.nth(1).textContent()).toContain(usdt('20'));
  });

  it('finance runs the ledger check and sees it consistent', async () => {
    const { page } = finance;
    await page.goto('/admin/ledger');
    await page.getByRole('button', { name: 'Run the check' }).click();
    await poll(() => page.getByText('The ledger is consistent').count()).toBeGreaterThan(0);
  });
});
