import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './browser';
import {
  loadPage,
  loginBuyer,
  loginSeller,
  loginStaff,
  openPage,
  poll,
  readJson,
  useBrowser,
} from './harness';

/** axe-core, the engine Lighthouse's accessibility audit runs, put into each page as it is checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 levels A and AA (contrast, names, labels, 24 px targets) and axe's best practices (heading order, landmarks). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type TAxe = {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] } },
  ): Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }>;
};

/** What axe finds on the page as it is, one line per element: rule, element, why. */
async function violationsOn(page: Page): Promise<string[]> {
  // Once per document: a move inside the app keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: TAxe };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
  }, AXE_TAGS);
}

/**
 * Checks every page in every language and reports all findings at once, each with where it was seen. Pages are
 * reached as people reach them (`openPage`: a language's first page loaded, the next ones through the app's router);
 * `eachLoaded` loads every one, as a visitor arriving from a search engine or a link gets the storefront's
 * server-rendered pages.
 */
async function expectAccessible(
  page: Page,
  paths: string[],
  langs: string[],
  options: { eachLoaded?: boolean } = {},
): Promise<void> {
  const findings: string[] = [];
  for (const lang of langs) {
    for (const path of paths) {
      await (options.eachLoaded ? loadPage : openPage)(page, path, lang);
      for (const violation of await violationsOn(page)) {
        findings.push(`${path} (${lang}): ${violation}`);
      }
    }
  }
  expect(findings).toEqual([]);
}

/** DESIGN.md: every text meets WCAG AA contrast; issue 11 and the wave's rules: keyboard access, clear names. */
/** Keydown listeners on the document, read through Chromium's DevTools protocol. */
async function documentKeydownListeners(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    const { result } = await session.send('Runtime.evaluate', { expression: 'document' });
    const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.filter((listener) => listener.type === 'keydown').length;
  } finally {
    await session.detach();
  }
}

/**
 * What Tab reaches on the page, from its top, in order, once round: each stop as its tag and classes, and whether it
 * is inside `within`. Every stop is marked as it is reached, so a second visit (focus came round) ends the walk.
 */
async function tabStops(
  page: Page,
  within: string,
): Promise<{ tag: string; className: string; isWithin: boolean }[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const marked of document.querySelectorAll('[data-tab-stop]')) {
      marked.removeAttribute('data-tab-stop');
    }
  });
  const stops: { tag: string; className: string; isWithin: boolean }[] = [];
  for (let press = 0; press < 200; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((selector) => {
      const element = document.activeElement;
      if (!element || element === document.body || element.hasAttribute('data-tab-stop')) {
        return null;
      }
      element.setAttribute('data-tab-stop', '');
      return {
        tag: element.tagName.toLowerCase(),
        className: element.getAttribute('class') ?? '',
        isWithin: element.closest(selector) !== null,
      };
    }, within);
    if (!stop) {
      break;
    }
    stops.push(stop);
  }
  return stops;
}

/**
 * Walks the page with Tab once round and names every stop whose focus ring cannot be seen: none drawn (on the control
 * or on a wrapper at most three levels up that draws it for the field inside), or drawn and cut by a box that clips
 * (overflow hidden or clip, paint containment). Ant Design's controls draw their own focus and are left out.
 */
async function hiddenFocusRings(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const marked of document.querySelectorAll('[data-ring-seen]')) {
      marked.removeAttribute('data-ring-seen');
    }
  });
  const findings = new Set<string>();
  for (let press = 0; press < 200; press++) {
    await page.keyboard.press('Tab');
    const finding = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body || element.hasAttribute('data-ring-seen')) {
        return 'end';
      }
      element.setAttribute('data-ring-seen', '');
      const describe = (node: Element) =>
        `${node.tagName.toLowerCase()}${[...node.classList].map((name) => `.${name}`).join('')}`;
      if (element.closest('[class^="ant-"], [class*=" ant-"]')) {
        return null;
      }
      let ringed: Element | null = element;
      for (let level = 0; ringed && getComputedStyle(ringed).outlineStyle === 'none'; level++) {
        ringed = level < 3 ? ringed.parentElement : null;
      }
      if (!ringed) {
        return `${describe(element)}: no focus ring`;
      }
      const style = getComputedStyle(ringed);
      const grow = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
      const rect = ringed.getBoundingClientRect();
      for (let box = ringed.parentElement; box; box = box.parentElement) {
        const boxStyle = getComputedStyle(box);
        const isClipMargin =
          boxStyle.overflowX === 'clip' ||
          /paint|content|strict/.test(boxStyle.contain) ||
          boxStyle.contentVisibility === 'auto';
        const clips = isClipMargin || boxStyle.overflowX === 'hidden' || boxStyle.overflowY === 'hidden';
        if (!clips) {
          continue;
        }
        const margin = isClipMargin ? Number.parseFloat(boxStyle.overflowClipMargin) || 0 : 0;
        const outer = box.getBoundingClientRect();
        const left = outer.left + box.clientLeft - margin;
        const top = outer.top + box.clientTop - margin;
        const isCut =
          rect.left - grow < left - 1 ||
          rect.top - grow < top - 1 ||
          rect.right + grow > left + box.clientWidth + 2 * margin + 1 ||
          rect.bottom + grow > top + box.clientHeight + 2 * margin + 1;
        if (isCut) {
          return `${describe(element)}: focus ring cut by ${describe(box)}`;
        }
      }
      return null;
    });
    if (finding === 'end') {
      break;
    }
    if (finding) {
      findings.add(finding);
    }
  }
  return [...findings];
}

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const browser = useBrowser();

  it('storefront pages, on a phone in English and Arabic and on a desktop in English', async () => {
    for (const [width, langs] of [
      [360, ['en', 'ar']],
      [1280, ['en']],
    ] as const) {
      const { context, page } = await newPage(browser(), { width, height: width < 500 ? 780 : 900 });
      const list = await readJson<{ pageList: { id: string; storeId: string; name: string }[] }>(
        await page.request.get('/api/v1/catalog/products?pageSize=1'),
      );
      const product = list.pageList[0];
      expect(product).toBeDefined();
      const word = product?.name.split(/\s+/)[0] ?? '';
      await expectAccessible(
        page,
        [
          // Prices in the accent colour, sale badges, carousel dots, footer links, card headings.
          '/index',
          '/commodity',
          `/productDetails?id=${product?.id}`,
          `/store?id=${product?.storeId}`,
          `/searchGoods?k=${encodeURIComponent(word)}`,
          // The password field's show/hide eye; on a phone in Arabic the last account tab hid in a "more" menu.
          ...(width < 500
            ? ['/help/service-policy', '/login', '/register', '/productDetails?id=999999999']
            : []),
        ],
        [...langs],
        { eachLoaded: true },
      );
      if (width < 500) {
        // The demo product has no Russian text: its name and description come in its own language, marked with that
        // language's HTML tag (it said lang="cn", the internal code, which no screen reader knows).
        await expectAccessible(page, [`/productDetails?id=${product?.id}`], ['ru'], { eachLoaded: true });
      }
      await context.close();
    }
  });

  it("a buyer's user centre, loans and shop application", async () => {
    const { context, page } = await newPage(browser());
    await loginBuyer(page, { username: 'demobuyer', password: 'buyer123' });
    await expectAccessible(
      page,
      [
        '/userInfo/dashboard',
        // Order status tags in preset colours.
        '/userInfo/my-order',
        '/userInfo/money-package',
        // Credits in green with their "+".
        '/userInfo/money-package?tab=history',
        '/userInfo/money-package/withdraw',
        // List items whose titles were h4 under the page's h1; hints in Ant Design's light grey.
        '/userInfo/notifications',
        '/userInfo/setup/sessions',
        '/userInfo/setup/login-password',
        '/userInfo/coupons',
        // Loan options as headings, a calculator select without its label.
        '/credit',
        '/credit/application',
        '/merchantSettled',
      ],
      ['en'],
    );
    await expectAccessible(page, ['/userInfo/notifications', '/credit', '/merchantSettled'], ['ar']);
    // On a phone: the order tabs scroll without a "more" button in their tab list; the wallet's records and the
    // loan schedule scroll inside regions that take keyboard focus.
    await page.setViewportSize({ width: 360, height: 780 });
    // An order's goods are a table wider than a phone with nothing in a row to focus: Safari could not scroll it
    // from the keyboard (Ant Design's own scroller takes no focus).
    const orders = await readJson<{ pageList: { orderNo: string }[] }>(
      await page.request.get('/api/v1/orders?tab=all'),
    );
    expect(orders.pageList.length).toBeGreaterThan(0);
    await expectAccessible(
      page,
      [
        '/userInfo/my-order',
        '/userInfo/money-package',
        '/credit',
        `/userInfo/order-detail?orderNo=${orders.pageList[0]?.orderNo}`,
      ],
      ['en', 'ar'],
    );
    await context.close();
  });

  it('the seller centre and the staff consoles, with their log-in screens', async () => {
    const { context, page } = await newPage(browser());
    // Log-in screens outside the storefront's layout had no main landmark.
    await expectAccessible(page, ['/seller/login', '/admin/login'], ['en']);
    await loginSeller(page, { username: 'demoseller', password: 'seller123' });
    // Orders and refunds had no h1; the shop's pictures were buttons around buttons.
    await expectAccessible(
      page,
      [
        '/seller/dashboard',
        '/seller/orders',
        '/seller/refunds',
        '/seller/reviews',
        '/seller/stock',
        '/seller/shop',
      ],
      ['en'],
    );
    await expectAccessible(page, ['/seller/dashboard', '/seller/orders'], ['ar']);
    // On a phone the stock history and the settlement lines scroll sideways, and nothing in their rows takes focus.
    await page.setViewportSize({ width: 360, height: 780 });
    await expectAccessible(page, ['/seller/stock', '/seller/settlement', '/seller/refunds'], ['en']);
    await context.close();
    // A context of its own: the seller pages left the language cookie on Arabic.
    const staff = await newPage(browser());
    await loginStaff(staff.page, { username: 'admin', password: 'admin123' });
    await expectAccessible(
      staff.page,
      [
        '/admin/dashboard',
        '/admin/users',
        // No h1 on orders and the loan pages; the loan queues' filter had no name, their action column no header.
        '/admin/orders',
        '/admin/kyc-review',
        '/admin/loan-book',
        // The expand buttons' column had no header.
        '/admin/mail-outbox',
        '/admin/security',
      ],
      ['en'],
    );
    // On a phone: read-only and empty tables scroll sideways from the keyboard (nothing in their rows takes focus), and
    // tabs wider than the screen have no "more" button inside their tab list.
    await staff.page.setViewportSize({ width: 360, height: 780 });
    await expectAccessible(
      staff.page,
      ['/admin/audit-log', '/admin/jobs', '/admin/mail-outbox', '/admin/finance-recharges', '/admin/catalog'],
      ['en'],
    );
    await staff.context.close();
  });

  it('every stop of the storefront shows its focus ring, on a phone and on a desktop', async () => {
    for (const width of [360, 1280]) {
      const { context, page } = await newPage(browser(), { width, height: width < 500 ? 780 : 900 });
      const list = await readJson<{ pageList: { id: string; storeId: string }[] }>(
        await page.request.get('/api/v1/catalog/products?pageSize=1'),
      );
      const findings: string[] = [];
      // Product cards and the home banner clipped their links' rings; the search box and the list's sort drew none.
      for (const path of [
        '/index',
        '/commodity',
        `/productDetails?id=${list.pageList[0]?.id}`,
        `/store?id=${list.pageList[0]?.storeId}`,
      ]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        for (const finding of await hiddenFocusRings(page)) {
          findings.push(`${path} at ${width} px: ${finding}`);
        }
      }
      expect(findings).toEqual([]);
      await context.close();
    }
  });

  it("a console table's sortable header shows the focus ring every other control shows (QA: none drawn)", async () => {
    const { context, page } = await newPage(browser(), { width: 1280, height: 900 });
    await loginStaff(page, { username: 'admin', password: 'admin123' });
    for (const path of ['/admin/finance-recharges', '/admin/users']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      let ring: { outline: string; width: number } | null = null;
      for (let press = 0; press < 80 && !ring; press++) {
        await page.keyboard.press('Tab');
        ring = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element?.matches('th.ant-table-column-has-sorters')) {
            return null;
          }
          const style = getComputedStyle(element);
          return { outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
        });
      }
      expect(ring, `${path}: a sortable header takes the focus`).not.toBeNull();
      expect(ring?.outline, path).not.toBe('none');
      expect(ring?.width ?? 0, path).toBeGreaterThanOrEqual(2);
    }
    await context.close();
  });

  it('a dialog closed with Escape hands the focus back to the button that opened it', async () => {
    const { context, page } = await newPage(browser());
    await loginBuyer(page, { username: 'demobuyer', password: 'buyer123' });
    await page.goto('/userInfo/my-order', { waitUntil: 'networkidle' });
    const opener = page.getByRole('button', { name: 'View logistics' }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The dialog was unmounted at once and the focus fell to the page's body: a keyboard user started over.
    await poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);

    // The chat panel comes after the whole page: opened from the header, the keyboard goes into it and comes back.
    await page.goto('/index', { waitUntil: 'networkidle' });
    const service = page.locator('header').getByRole('button', { name: 'Customer service' });
    await service.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Customer service' });
    await panel.waitFor();
    // Into its message box, what the visitor came for (it stayed on the panel, five Tab presses before it).
    const composer = panel.getByRole('textbox', { name: 'Type a message' });
    await poll(() => composer.evaluate((element) => element === document.activeElement)).toBe(true);
    await panel.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await poll(() => service.evaluate((element) => element === document.activeElement)).toBe(true);
    // Escape from inside the panel closes it too (it only shrank to its title bar, and the focus fell to the body).
    await page.keyboard.press('Enter');
    await panel.getByRole('textbox', { name: 'Type a message' }).focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await poll(() => service.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('the cart drawer takes the focus the first time it opens, and gives it back', async () => {
    const { context, page } = await newPage(browser());
    const list = await readJson<{ pageList: { id: string }[] }>(
      await page.request.get('/api/v1/catalog/products?pageSize=1'),
    );
    await page.goto(`/productDetails?id=${list.pageList[0]?.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    const cartButton = page.getByRole('button', { name: 'Shopping cart (1)' });
    await cartButton.waitFor();
    await cartButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('button', { name: /^Check out/ }).waitFor();
    // Its rows' texts loaded only once they showed: the drawer was replaced by a new one and the focus fell to the body.
    await poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => cartButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("a seller order's drawer, closed with Escape, gives the focus back to its Details button", async () => {
    const { context, page } = await newPage(browser());
    await loginSeller(page, { username: 'demoseller', password: 'seller123' });
    await page.goto('/seller/orders', { waitUntil: 'networkidle' });
    const opener = page.getByTestId('seller-order-row').first().getByRole('button', { name: 'Details' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('.ant-drawer-open');
    await poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => drawer.count()).toBe(0);
    // The focus fell to the page's body and the next Tab started from the top (a QA pass).
    await poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('a chart on a dashboard is one tab stop, its drawing surface', async () => {
    // Recharts 3.11.0 left its layers (empty <g> portal containers, which Chromium then lets Tab reach) in the tab
    // order: six or seven invisible stops per chart, the focus lost from sight on every dashboard.
    const chartStops = async (page: Page) => {
      await page.locator('.recharts-wrapper').first().waitFor();
      // A chart's legend icons are small surfaces of their own: the charts are counted by their wrappers.
      const charts = await page.locator('.recharts-wrapper').count();
      const stops = (await tabStops(page, '.recharts-wrapper')).filter((stop) => stop.isWithin);
      return { charts, stops: stops.map((stop) => `${stop.tag}.${stop.className}`) };
    };
    const seller = await newPage(browser());
    await loginSeller(seller.page, { username: 'demoseller', password: 'seller123' });
    await seller.page.goto('/seller/dashboard', { waitUntil: 'networkidle' });
    const sellerCharts = await chartStops(seller.page);
    expect(sellerCharts.charts).toBeGreaterThan(0);
    expect(sellerCharts.stops).toEqual(Array(sellerCharts.charts).fill('svg.recharts-surface'));
    // The period switch is one stop, its chosen option (the group before it was another, where arrows did nothing),
    // and it has a name in the reader's language, not Ant Design's English "segmented control".
    const periodStops = (await tabStops(seller.page, '.ant-segmented')).filter((stop) => stop.isWithin);
    expect(periodStops.map((stop) => stop.tag)).toEqual(['input']);
    expect(await seller.page.getByRole('radiogroup', { name: 'Period' }).count()).toBe(1);
    await seller.context.close();
    const staff = await newPage(browser());
    await loginStaff(staff.page, { username: 'admin', password: 'admin123' });
    await staff.page.goto('/admin/dashboard', { waitUntil: 'networkidle' });
    // A menu entry is named by its text alone: its icon said its own English name first ("dashboard Dashboard").
    expect(await staff.page.getByRole('menuitem', { name: 'Dashboard', exact: true }).count()).toBe(1);
    const adminCharts = await chartStops(staff.page);
    expect(adminCharts.charts).toBeGreaterThan(0);
    expect(adminCharts.stops).toEqual(Array(adminCharts.charts).fill('svg.recharts-surface'));
    await staff.context.close();
  });

  it("a product's pictures move with the keyboard alone, each from its own handle", async () => {
    const { context, page } = await newPage(browser());
    await loginSeller(page, { username: 'demoseller', password: 'seller123' });
    const list = await readJson<{ pageList: { id: string }[] }>(
      await page.request.get('/api/v1/seller/products?pageSize=1'),
    );
    await page.goto(`/seller/products/${list.pageList[0]?.id}`, { waitUntil: 'networkidle' });
    const pictures = page.locator('.cv-sortable-picture');
    await poll(() => pictures.count()).toBeGreaterThan(1);
    const order = () =>
      pictures.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    const before = await order();
    // The picture is no button around buttons (its preview and remove stay reachable); its handle is the control.
    expect(await pictures.first().getAttribute('role')).toBeNull();
    // dnd-kit's live region says what happens, counting positions as people do.
    const announced = async () => (await page.locator('[id^="DndLiveRegion"]').textContent()) ?? '';
    await page.getByRole('button', { name: /: Move picture 1$/ }).focus();
    const listenersBefore = await documentKeydownListeners(page);
    await page.keyboard.press('Space');
    // dnd-kit drops an arrow key pressed before it listens for arrows (it starts in a timer of its own, which a busy
    // browser may run after an automated key) or before it has measured the pictures ("over position 1" then).
    await poll(() => documentKeydownListeners(page)).toBeGreaterThan(listenersBefore);
    await poll(announced).toBe('Picture 1 is over position 1.');
    await page.keyboard.press('ArrowRight');
    await poll(announced).toBe('Picture 1 is over position 2.');
    await page.keyboard.press('Space');
    await poll(announced).toBe('Picture 1 dropped at position 2.');
    await poll(order).toEqual([before[1], before[0], ...before.slice(2)]);
    await context.close();
  });
});
