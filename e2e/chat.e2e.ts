import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { seededPostgresCopy } from './seeded-data';

/**
 * Chat across two server processes that share one PostgreSQL database and one Redis, as a load-balanced
 * installation runs: the buyer is served by one, the agent by the other.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

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

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...(process.env as Record<string, string>),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  while (Date.now() - started < 170_000) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return { url, child };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}

/** A page on one of this test's servers; like every page, it acts only once the server-rendered page has hydrated. */
function contextAt(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  return newPage(browser, { baseURL: url });
}

async function ok(response: { ok(): boolean; status(): number; text(): Promise<string>; url(): string }) {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return response;
}

/** Logs the buyer in through the log-in page, as a visitor would. */
async function loginBuyer(page: Page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('demobuyer');
  await page.getByLabel('Password', { exact: true }).fill('buyer123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
}

/** With E2E_SCREENSHOTS=<dir>, a picture of the page for a person to look at (layout, right to left). */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({
      path: path.join(process.env.E2E_SCREENSHOTS, `chat-${name}.png`),
      fullPage: true,
    });
  }
}

const headerButton = (page: Page, name: RegExp) =>
  page.locator('.cv-header__actions').getByRole('button', { name });

describe('chat: buyer, agent on another server process, seller', () => {
  let browser: Browser;
  let servers: { url: string; child: ChildProcess }[] = [];
  let database: Awaited<ReturnType<typeof seededPostgresCopy>> | undefined;
  let buyer: { context: BrowserContext; page: Page };
  let agent: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    // A copy of the demo data seeded once for the run (global setup), as a first start leaves it.
    database = await seededPostgresCopy(
      { template: inject('seededPostgresTemplate'), dataDir: inject('seededPostgresDataDir') },
      'caravan_e2e_chat_',
    );
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      REDIS_URL,
      BUS_CHANNEL_PREFIX: `caravan:e2e:${database.name}:`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_READ_PER_MINUTE: '10000',
      RUN_JOBS: 'false',
    };
    // The first process starts as `npm start` does on it (demo data present: nothing to add); the second
    // joins the same database.
    servers.push(await startServer({ ...env, SEED_DEMO: 'true' }));
    servers.push(await startServer({ ...env, SEED_DEMO: 'false' }));
    browser = await launchBrowser();

    buyer = await contextAt(browser, servers[0]!.url);
    agent = await contextAt(browser, servers[1]!.url);
    await ok(
      await agent.context.request.post('/api/v1/admin/auth/login', {
        data: { username: 'support', password: 'support123' },
      }),
    );
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
    servers = [];
    await database?.drop();
  });

  it('a buyer sends text and a picture; an agent on the other process sees them at once and answers; badges count and clear', async () => {
    const { page } = buyer;
    // A visitor is asked to log in first.
    await page.goto('/index');
    await headerButton(page, /^Customer service/).click();
    await expect
      .poll(() => page.getByRole('dialog').getByText('Please log in to chat with us.').count())
      .toBe(1);
    await loginBuyer(page);
    await page.goto('/index');
    await headerButton(page, /^Customer service/).click();
    const dialog = page.getByRole('dialog', { name: 'Customer service' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(Math.round(box!.width)).toBe(480);
    expect(Math.round(box!.height)).toBe(680);
    // Bottom right in a left-to-right language.
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);
    expect(box!.y + box!.height).toBeGreaterThan(900 - 40);

    const composer = dialog.getByRole('textbox', { name: 'Type a message' });
    await composer.fill('<b>Hello</b> where is my parcel?');
    await composer.press('Enter');
    // Shown as typed, never as HTML.
    await expect.poll(() => dialog.getByText('<b>Hello</b> where is my parcel?').count()).toBe(1);
    expect(await dialog.locator('.cv-chat__bubble b').count()).toBe(0);

    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await dialog
      .getByTestId('chat-image-input')
      .setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: picture });
    await expect.poll(() => dialog.getByRole('img', { name: 'Picture in the chat' }).count()).toBe(1);

    // The agent, served by the other process.
    await agent.page.goto('/cs/conversations');
    const item = agent.page.getByTestId('chat-conversation-item').filter({ hasText: 'demobuyer' });
    await expect.poll(() => item.count()).toBe(1);
    await item.click();
    const agentLog = agent.page.getByRole('log');
    await expect.poll(() => agentLog.getByText('<b>Hello</b> where is my parcel?').count()).toBe(1);
    await expect.poll(() => agentLog.getByRole('img', { name: 'Picture in the chat' }).count()).toBe(1);

    // A new message reaches the agent's open conversation within a second.
    const sentAt = Date.now();
    await composer.fill('Order placed yesterday');
    await composer.press('Enter');
    await agentLog.getByText('Order placed yesterday').waitFor({ timeout: 5_000 });
    expect(Date.now() - sentAt).toBeLessThan(1_000);

    const agentComposer = agent.page.getByRole('textbox', { name: 'Type a message' });
    await agentComposer.fill('It ships today.');
    await agentComposer.press('Enter');
    await expect.poll(() => dialog.getByText('It ships today.').count()).toBe(1);

    // Closed dialog: the next answer counts on the badge, opening the dialog clears it.
    await dialog.getByRole('button', { name: 'Close chat' }).click();
    await agentComposer.fill('Tracking number follows.');
    await agentComposer.press('Enter');
    await expect.poll(() => headerButton(page, /^Customer service \(1\)/).count()).toBe(1);
    await headerButton(page, /^Customer service/).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Tracking number follows.').count()).toBe(1);
    await expect.poll(() => headerButton(page, /^Customer service$/).count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Close chat' }).click();
  });

  it('answers while the dialog is closed make one notification, linked with its count from the user centre menu, also at 360 px in Arabic', async () => {
    const { page } = buyer;
    // The demo buyer has notifications of its seeded orders: start from none unread.
    await ok(await page.request.post('/api/v1/notifications/read-all'));
    const agentComposer = agent.page.getByRole('textbox', { name: 'Type a message' });
    await agentComposer.fill('Your parcel left the warehouse.');
    await agentComposer.press('Enter');
    await agentComposer.fill('It arrives on Friday.');
    await agentComposer.press('Enter');
    await page.goto('/userInfo/dashboard');
    const menu = page.locator('.cv-user-centre__menu');
    const entry = menu.getByRole('menuitem', { name: /Notifications \(1\)$/ });
    await expect.poll(() => entry.count()).toBe(1);
    await entry.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/userInfo/notifications');
    // Two answers, one notification that counts them.
    const notice = page.getByRole('button', { name: 'New messages from customer service: 2' });
    await expect.poll(() => notice.count()).toBe(1);
    await shoot(page, 'notifications-en-1280');
    await notice.click();
    const dialog = page.getByRole('dialog', { name: 'Customer service' });
    await expect.poll(() => dialog.getByText('It arrives on Friday.').count()).toBe(1);
    // Reading the conversation reads its notification: the count leaves the menu.
    await expect.poll(() => menu.getByRole('menuitem', { name: /Notifications$/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close chat' }).click();

    // A phone in Arabic: the entry and its count are there, right to left, and nothing runs off the page.
    const phone = await newPage(browser, { baseURL: servers[0]!.url, width: 360, height: 740 });
    await loginBuyer(phone.page);
    await agentComposer.fill('Tracking: CN123456789');
    await agentComposer.press('Enter');
    await phone.page.goto('/userInfo/dashboard?lang=ar');
    // The user centre is drawn in the browser: Arabic and its direction arrive once its dictionary has loaded.
    await expect.poll(() => phone.page.locator('html').getAttribute('dir')).toBe('rtl');
    const arabicEntry = phone.page
      .locator('.cv-user-centre__menu')
      .getByRole('menuitem', { name: /الإشعارات \(1\)$/ });
    await expect.poll(() => arabicEntry.count()).toBe(1);
    await arabicEntry.scrollIntoViewIfNeeded();
    const badge = await arabicEntry.locator('.cv-count-badge').boundingBox();
    expect(badge).not.toBeNull();
    expect(badge!.x).toBeGreaterThanOrEqual(0);
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(360);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(phone.page, 'user-centre-ar-360');
    await phone.page.goto('/userInfo/notifications?lang=ar');
    await expect
      .poll(() => phone.page.getByRole('button', { name: /رسائل جديدة من خدمة العملاء: 1/ }).count())
      .toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(phone.page, 'notifications-ar-360');
    await phone.context.close();
  });

  it('with the socket blocked the open dialog still gets answers by polling', async () => {
    const { context, page } = await contextAt(browser, servers[0]!.url);
    await loginBuyer(page);
    await context.routeWebSocket(/\/ws/, (socket) => {
      void socket.close();
    });
    await page.goto('/index');
    await headerButton(page, /^Customer service/).click();
    const dialog = page.getByRole('dialog', { name: 'Customer service' });
    await expect
      .poll(() => dialog.getByRole('status').filter({ hasText: 'Live connection lost' }).count())
      .toBe(1);
    const agentComposer = agent.page.getByRole('textbox', { name: 'Type a message' });
    await agentComposer.fill('Answer through polling');
    await agentComposer.press('Enter');
    await expect.poll(() => dialog.getByText('Answer through polling').count(), { timeout: 12_000 }).toBe(1);
    // And the buyer's own message goes out without the socket.
    const composer = dialog.getByRole('textbox', { name: 'Type a message' });
    await composer.fill('Sent while the socket is blocked');
    await composer.press('Enter');
    await expect
      .poll(() => agent.page.getByRole('log').getByText('Sent while the socket is blocked').count())
      .toBe(1);
    await context.close();
  });

  it('a buyer asks the seller about a product and the seller answers from /seller', async () => {
    const { page } = buyer;
    const seller = await contextAt(browser, servers[1]!.url);
    await ok(
      await seller.context.request.post('/api/v1/seller/auth/login', {
        data: { accountType: 'username', account: 'demoseller', password: 'seller123' },
      }),
    );
    // The demo shop has notifications of its seeded orders: start from none unread.
    await ok(await seller.context.request.post('/api/v1/seller/notifications/read-all'));
    const me = (await (await seller.context.request.get('/api/v1/seller/auth/me')).json()) as {
      store: { id: string };
    };
    const products = (await (
      await page.request.get(`/api/v1/catalog/stores/${me.store.id}/products?pageNum=1`)
    ).json()) as { pageList: { id: string; name: string }[] };
    const product = products.pageList[0]!;
    await page.goto(`/productDetails?id=${product.id}`);
    await page.getByRole('button', { name: 'Contact the seller' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.cv-chat__card').count()).toBe(1);
    const composer = dialog.getByRole('textbox', { name: 'Type a message' });
    await composer.fill('Is this in stock in blue?');
    await composer.press('Enter');

    await seller.page.goto('/seller/chat');
    // The panel's menu counts the buyer's message and its notification.
    const sellerMenu = seller.page.locator('.cv-console__sider');
    await expect
      .poll(() => sellerMenu.getByRole('menuitem', { name: /Notifications \(1\)$/ }).count())
      .toBe(1);
    await expect
      .poll(() => sellerMenu.getByRole('menuitem', { name: /Customer messages \(\d+\)$/ }).count())
      .toBe(1);
    const item = seller.page.getByTestId('chat-conversation-item').first();
    await expect.poll(() => item.count()).toBe(1);
    await item.click();
    const sellerLog = seller.page.getByRole('log');
    await expect.poll(() => sellerLog.getByText('Is this in stock in blue?').count()).toBe(1);
    await expect.poll(() => sellerLog.locator('.cv-chat__card').count()).toBe(1);
    // Reading the conversation clears both counts.
    await expect.poll(() => sellerMenu.getByRole('menuitem', { name: /Notifications$/ }).count()).toBe(1);
    await expect.poll(() => sellerMenu.getByRole('menuitem', { name: /Customer messages$/ }).count()).toBe(1);
    const sellerComposer = seller.page.getByRole('textbox', { name: 'Type a message' });
    await sellerComposer.fill('Yes, 40 pieces in blue.');
    await sellerComposer.press('Enter');
    await expect.poll(() => dialog.getByText('Yes, 40 pieces in blue.').count()).toBe(1);
    await seller.context.close();
  });
});
