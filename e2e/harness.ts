import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { describePages, launchBrowser, takePolicyViolations } from './browser';
import { seededDatabase } from './seeded-data';
import { startServer, type TTestServer } from './test-server';

/**
 * What the browser test files share: one way to wait, one way to start a server of their own on the run's
 * demo data, the browser's life per file, and the steps every walk-through takes (log in, pay at checkout).
 */

/**
 * Waits until `read` passes the assertion that follows. A page waits for the server and the browser on a busy
 * two-core machine: 20 s (the longest any file allowed), unless a step needs longer.
 */
export function poll<T>(
  read: () => Promise<T> | T,
  options: { timeout?: number; interval?: number; message?: string } = {},
) {
  return expect.poll(read, { timeout: 20_000, interval: 200, ...options });
}

/** One Chromium for the whole file (launched before its tests, closed after them); call inside `describe`. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (browser && context.task.result?.state === 'fail') {
      console.error(await describePages(browser));
    }
    expect(takePolicyViolations(), 'Content-Security-Policy refusals during the test').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) {
      throw new Error('the browser starts in beforeAll');
    }
    return browser;
  };
}

/** The body of a successful API answer (a playwright request or a fetch made JSON-ish), else an error naming it. */
export async function readJson<T>(response: {
  ok(): boolean;
  status(): number;
  text(): Promise<string>;
  url(): string;
}): Promise<T> {
  const text = await response.text();
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${text}`);
  }
  // An answer without a body (204) has nothing to read.
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A fresh copy of the run's seeded demo data (global setup), as a server's DATA_DIR or DATABASE_URL. */
export function seededCopy(database: 'pglite' | 'postgres', prefix: string) {
  return seededDatabase(
    {
      pgliteDir: inject('seededPgliteDir'),
      postgresTemplate: inject('seededPostgresTemplate'),
      postgresDataDir: inject('seededPostgresDataDir'),
    },
    database,
    prefix,
  );
}

/**
 * A server of the file's own (test clock, real SMTP...) on a fresh copy of the run's demo data, as a first
 * `npm start` leaves it; `stop` ends it and removes the copy. PGlite unless `database` says PostgreSQL, or
 * 'suite': the database the run is on (PostgreSQL when DATABASE_URL is set, as for the shared server).
 */
export async function startSeededServer(options: {
  prefix: string;
  database?: 'pglite' | 'postgres' | 'suite';
  env?: Record<string, string>;
}): Promise<TTestServer> {
  const database = options.database ?? 'pglite';
  const copy = await seededCopy(
    database === 'suite' ? (process.env.DATABASE_URL ? 'postgres' : 'pglite') : database,
    options.prefix,
  );
  let server: TTestServer;
  try {
    server = await startServer({ ...copy.env, SEED_DEMO: 'true', ...options.env });
  } catch (error) {
    await copy.remove();
    throw error;
  }
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await copy.remove();
    },
  };
}

/**
 * Clicks a button of a dialog once the dialog has finished appearing. Ant Design zooms a dialog in: on a loaded
 * machine a click's press landed on the growing button and its release beside it, so the button got no click, no
 * call was made and the dialog stayed open (the e2e diagnostics showed it, about once in eight runs under load).
 * Endless animations inside (a spinner) are not waited for.
 */
export async function clickInDialog(dialog: Locator, name: string | RegExp): Promise<void> {
  await dialog.evaluate(async (element) => {
    // Ant Design's motion marks the dialog with its classes from its first frame (…-appear-prepare, -start, -active)
    // and starts the CSS animation a frame or two later: looking for animations only, too early, found none (a
    // seller's order confirmation was clicked mid-zoom in CI and no request was sent).
    const isMoving = () => /-(appear|enter)(-prepare|-start|-active)?(\s|$)/.test(element.className);
    const deadline = performance.now() + 5_000;
    while (isMoving() && performance.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  await dialog.getByRole('button', { name }).click();
}

/**
 * Waits until the page shows what people read: its heading (a page rendered in the browser shows it once its code has
 * loaded; one without an h1 is left for the caller to find), and no skeleton or spinner, twice 300 ms apart (a list
 * whose language changed with the address loads again once that language's texts are in).
 */
async function waitForContent(page: Page): Promise<void> {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const loading = page.locator('.ant-skeleton, .ant-spin-spinning');
  const loadingAfterPause = async () => {
    const before = await loading.count();
    await page.waitForTimeout(300);
    return before + (await loading.count());
  };
  await poll(loadingAfterPause).toBe(0);
}

/** Loads `path` in `lang` as a new document (the server or the app stores the choice), until its content is in. */
export async function loadPage(page: Page, path: string, lang: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await waitForContent(page);
}

/**
 * Opens `path` in `lang` as a person reaches it: a page in another language, or the first of a page, is a document
 * load (`loadPage`); a page in the language already chosen, in the same app, is a move of the app's router, as after
 * following one of its links, without loading the document and the app's code again (that load is most of a page's
 * cost in the browser; what the page then shows is the same either way). Done when the new page's heading has
 * replaced the last one's.
 */
export async function openPage(page: Page, path: string, lang: string): Promise<void> {
  const isMove = await page
    .evaluate(
      ({ to, wanted }) => {
        const target = new URL(to, window.location.href);
        return (
          document.documentElement.dataset.hydrated === 'true' &&
          /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1] === wanted &&
          target.origin === window.location.origin &&
          // The same route with other parameters keeps its heading element: loaded, so its end can be seen.
          target.pathname !== window.location.pathname
        );
      },
      { to: path, wanted: lang },
    )
    .catch(() => false);
  if (!isMove) {
    await loadPage(page, path, lang);
    return;
  }
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) {
      heading.setAttribute('data-e2e-left', '');
    }
    // What React Router's own links do: a history entry, then the router reads it (it listens to popstate).
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await poll(() =>
    page
      .evaluate(() =>
        [...document.querySelectorAll('h1')].some((heading) => !heading.hasAttribute('data-e2e-left')),
      )
      .catch(() => false),
  ).toBe(true);
  await waitForContent(page);
}

type TLogin = { username: string; password: string };

/** A buyer logs in through the storefront's log-in page; done when the header shows the account. */
export async function loginBuyer(page: Page, user: TLogin, options: { redirect?: string } = {}) {
  await page.goto(options.redirect ? `/login?redirect=${encodeURIComponent(options.redirect)}` : '/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  if (options.redirect) {
    await poll(() => new URL(page.url()).pathname).toBe(options.redirect);
  }
  await poll(() => page.locator('header').getByText(user.username).count()).toBeGreaterThan(0);
}

/** A staff member logs in to the console (/admin/login); done when the page has left the log-in form. */
export async function loginStaff(page: Page, member: TLogin) {
  await page.goto('/admin/login');
  await page.getByLabel('Username', { exact: true }).fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await poll(() => new URL(page.url()).pathname).not.toBe('/admin/login');
}

/** A seller logs in to the seller centre (/seller/login); done on its dashboard. */
export async function loginSeller(page: Page, seller: TLogin) {
  await page.goto('/seller/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(seller.username);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await poll(() => new URL(page.url()).pathname).toBe('/seller/dashboard');
}

/**
 * On /settlement: places the orders and pays them in the pay dialog with the transaction password, from the
 * wallet balance. Answers the paid order numbers (one per seller) from the /paySuccess page.
 */
export async function payAtCheckout(
  page: Page,
  txPassword: string,
  options: { reloadBeforePaying?: boolean } = {},
): Promise<string[]> {
  await poll(() => page.getByTestId('place-order').isEnabled()).toBe(true);
  await page.getByTestId('place-order').click();
  const payModal = page.locator('.ant-modal:visible');
  await poll(() => payModal.getByText('Pay for your orders').count()).toBe(1);
  if (options.reloadBeforePaying) {
    // The placed orders are kept in the page's history entry: the same dialog, not an empty checkout.
    const total = await payModal.getByRole('button', { name: /^Pay \d/ }).textContent();
    await page.reload();
    await poll(() => payModal.getByText('Pay for your orders').count()).toBe(1);
    expect(await payModal.getByRole('button', { name: /^Pay \d/ }).textContent()).toBe(total);
    expect(new URL(page.url()).search).toBe('');
  }
  await payModal.getByLabel('Transaction password').fill(txPassword);
  await clickInDialog(payModal, /^Pay \d/);
  await poll(() => new URL(page.url()).pathname).toBe('/paySuccess');
  return (new URL(page.url()).searchParams.get('orderNos') ?? '').split(',');
}

/** In the seller centre: finds an order by its number on /seller/orders and opens its details drawer. */
export async function openSellerOrder(page: Page, orderNo: string) {
  await page.goto('/seller/orders');
  await page.getByRole('searchbox', { name: 'Order number' }).fill(orderNo);
  await page.getByRole('searchbox', { name: 'Order number' }).press('Enter');
  const row = page.locator(`[data-order-no="${orderNo}"]`);
  await poll(() => row.count()).toBe(1);
  await row.getByRole('button', { name: 'Details' }).click();
  await poll(() => page.locator('.ant-drawer-open').count()).toBe(1);
  return page.locator('.ant-drawer-open');
}

/** In an open seller order drawer: confirms the paid order (preparing stock), then ships it with a carrier. */
export async function confirmAndShip(
  page: Page,
  drawer: Locator,
  shipment: { carrier: string; trackingNo: string },
) {
  await drawer.getByRole('button', { name: 'Confirm (preparing stock)' }).click();
  await clickInDialog(page.locator('.ant-modal-confirm'), 'Confirm');
  // The drawer shows Ship before the confirmation too: the confirmation is done when its dialog has closed.
  await poll(() => page.locator('.ant-modal-confirm:visible').count()).toBe(0);
  await poll(() => drawer.getByRole('button', { name: 'Ship' }).count()).toBe(1);
  await drawer.getByRole('button', { name: 'Ship' }).click();
  const shipModal = page.locator('.ant-modal:visible');
  await shipModal.getByLabel('Carrier').fill(shipment.carrier);
  await shipModal.getByLabel('Tracking number').fill(shipment.trackingNo);
  await clickInDialog(shipModal, 'Ship');
  // Shipping asks first, naming the carrier and tracking number.
  await clickInDialog(page.locator('.ant-modal-confirm:visible'), 'Ship');
  await poll(() => drawer.getByText('Shipped, to be received').count()).toBeGreaterThan(0);
}
