import { SERVER_STATE_ELEMENT_ID } from '@caravan/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags this machine needs (TOOLCHAIN.md): no sandbox as root, no background network calls. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A server-rendered page shows its content before its scripts answer clicks; a test that acts at once would
 * click dead HTML. After each goto or reload, wait until the app has hydrated (main.tsx marks <html>).
 */
function waitForHydrationOnLoad(page: Page): void {
  // A server-rendered page carries its state in a data block; a client-rendered one is ready when loaded.
  const isReady = (stateElementId: string) =>
    !document.getElementById(stateElementId) || document.documentElement.dataset.hydrated === 'true';
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(isReady, SERVER_STATE_ELEMENT_ID, { timeout: 30_000 });
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await page.waitForFunction(isReady, SERVER_STATE_ELEMENT_ID, { timeout: 30_000 });
    return response;
  };
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    // A test that starts its own server (e.g. with SMTP_URL) passes that server's address.
    baseURL: options.baseURL ?? baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  waitForHydrationOnLoad(page);
  return { context, page };
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 30);
}

/** A delivery address the server accepts (a real German mobile number passes libphonenumber's check). */
export function testAddress(consignee: string) {
  return {
    consignee,
    areaCode: '+49',
    phone: '15112345678',
    country: 'DE',
    state: 'BE',
    city: 'Berlin',
    postcode: '10115',
    detail: 'Invalidenstrasse 1',
  };
}
