import { SERVER_STATE_ELEMENT_ID } from '@caravan/contracts';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { playwrightChromiumArgs } from '../scripts/chromium-flags.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: playwrightChromiumArgs(), headless: true });
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
  options: {
    width?: number;
    height?: number;
    locale?: string;
    baseURL?: string;
    /**
     * 'allow' for a test of the service worker itself. The others block it: its start and its copying of every
     * script into its cache cost each new context about a seventh of the browser's CPU (docs/decisions.md, "CI
     * lanes"), and what it answers, a test's routes would not see.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    // A test that starts its own server (e.g. with SMTP_URL) passes that server's address.
    baseURL: options.baseURL ?? baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  waitForHydrationOnLoad(page);
  recordPageEvents(page);
  return { context, page };
}

/**
 * The browser's last API calls and page loads, over all its pages (closed ones too: a test often closes a page in a
 * `finally` before its failure is reported), for the report of a failed test: what the server answered, or that
 * it did not.
 */
const recentEvents: string[] = [];
const RECENT_EVENTS_KEPT = 40;
let pagesMade = 0;

function recordPageEvents(page: Page): void {
  pagesMade += 1;
  const label = `page ${pagesMade}`;
  const note = (text: string) => {
    recentEvents.push(`${new Date().toISOString().slice(11, 22)} ${label} ${text}`);
    if (recentEvents.length > RECENT_EVENTS_KEPT) {
      recentEvents.shift();
    }
  };
  const noteCall = (request: Request, outcome: string) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) {
      note(`${request.method()} ${url.pathname} ${outcome}`);
    }
  };
  page.on('request', (request) => noteCall(request, 'sent'));
  page.on('response', (response) => noteCall(response.request(), `answered ${response.status()}`));
  page.on('requestfailed', (request) => noteCall(request, `failed: ${request.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      note(`at ${new URL(frame.url()).pathname}`);
    }
  });
  page.on('close', () => note('closed'));
  page.on('console', (message) => {
    // frame-ancestors: a test that frames a console on purpose (security-headers.e2e.ts) expects that refusal.
    if (
      /violates the following Content Security Policy/.test(message.text()) &&
      !/frame-ancestors/.test(message.text())
    ) {
      policyViolations.push(`${page.url()}: ${message.text().slice(0, 300)}`);
    }
  });
}

/**
 * Content-Security-Policy refusals seen on any page since the last call. Every browser test fails on one
 * (harness.ts): a refused <style> or script is a part of the product that silently does not work (Ant Design's
 * scroll lock and static dialogs once did not, only their console said so).
 */
const policyViolations: string[] = [];

export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

/**
 * What a failed test leaves to go on: each open page's address with the messages, alerts and dialogs on it, then
 * the browser's last API calls and page loads. A browser test's assertion says only what it waited for; this says
 * why it did not come (an error message, a call the server never answered, a click that sent nothing).
 */
export async function describePages(browser: Browser): Promise<string> {
  const lines: string[] = [];
  for (const [c, context] of browser.contexts().entries()) {
    for (const [p, page] of context.pages().entries()) {
      lines.push(`e2e diagnostics: open page ${c}.${p} at ${page.url()}`);
      const shown = await Promise.race([
        page
          .locator('.ant-message-notice, .ant-notification-notice, [role="alert"], [role="dialog"]')
          .evaluateAll((elements) =>
            elements.map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)),
          )
          .catch((error: unknown) => [`(not readable: ${String(error)})`]),
        new Promise<string[]>((resolve) =>
          setTimeout(() => resolve(['(the page did not answer in 3 s)']), 3000),
        ),
      ]);
      for (const text of shown.filter(Boolean)) {
        lines.push(`e2e diagnostics:   shows: ${text}`);
      }
    }
  }
  for (const event of recentEvents) {
    lines.push(`e2e diagnostics: ${event}`);
  }
  return lines.join('\n');
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
