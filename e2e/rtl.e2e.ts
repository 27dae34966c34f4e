import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage } from './browser';
import { loginSeller, poll, useBrowser } from './harness';

const DEMO_STORE = 'Caravan Demo Trading Co.';

/**
 * Where the first and last character of an element's text are drawn. In an isolated left-to-right run the
 * first character is left of the last; without isolation an Arabic page moves the final "." to the far left.
 */
function edgesOf(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    const walker = document.createTreeWalker(element ?? document.body, NodeFilter.SHOW_TEXT);
    let text = '';
    const nodes: Text[] = [];
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      if (node.data.trim()) {
        nodes.push(node);
        text += node.data;
      }
    }
    const first = nodes[0]!;
    const last = nodes[nodes.length - 1]!;
    const rectAt = (node: Text, index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    const firstIndex = first.data.search(/\S/);
    const lastIndex = last.data.trimEnd().length - 1;
    return {
      text: text.trim(),
      firstLeft: rectAt(first, firstIndex),
      lastLeft: rectAt(last, lastIndex),
    };
  }, selector);
}

/**
 * Which way a chevron glyph (‹ or ›) is drawn: its point is the ink furthest to one side in the middle of its
 * height, its arms reach the other side at the top and bottom. Read from a screenshot of the element.
 */
async function chevronPointsLeft(page: Page, selector: string): Promise<boolean> {
  const png = await page.locator(selector).screenshot();
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const background = data[0]!;
  // Half the strongest contrast in the picture: a disabled button's grey glyph is ink too.
  const threshold = Math.max(20, Math.max(...data.map((value) => Math.abs(value - background))) / 2);
  const ink: { x: number; y: number }[] = [];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (Math.abs(data[y * info.width + x]! - background) >= threshold) {
        ink.push({ x, y });
      }
    }
  }
  const top = Math.min(...ink.map((point) => point.y));
  const height = Math.max(...ink.map((point) => point.y)) - top + 1;
  const meanX = (points: { x: number }[]) => points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const share = (point: { y: number }) => (point.y - top + 0.5) / height;
  const middle = ink.filter((point) => Math.abs(share(point) - 0.5) <= 0.15);
  const ends = ink.filter((point) => Math.abs(share(point) - 0.5) >= 0.3);
  if (middle.length === 0 || ends.length === 0) {
    throw new Error(`no chevron drawn in ${selector}`);
  }
  return meanX(middle) < meanX(ends);
}

/** Issue 17.9: Latin names and dates keep their own order inside Arabic pages. */
describe('right-to-left isolation', () => {
  const browser = useBrowser();

  it('shows a Latin store name with its final dot at its end on an Arabic store page', async () => {
    const res = await fetch(
      `${baseUrl()}/api/v1/catalog/search/stores?k=${encodeURIComponent('Caravan Demo')}`,
    );
    const stores = (await res.json()) as { pageList: { id: string; name: string }[] };
    const store = stores.pageList.find((s) => s.name === DEMO_STORE);
    expect(store).toBeDefined();
    const { context, page } = await newPage(browser());
    await page.goto(`/store?id=${store!.id}&lang=ar`);
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await poll(() => page.getByTestId('store-name').textContent()).toContain('Caravan');
    const name = await edgesOf(page, '[data-testid="store-name"]');
    expect(name.text).toBe(DEMO_STORE);
    // "C" is drawn left of the final ".": read left to right, as written.
    expect(name.firstLeft).toBeLessThan(name.lastLeft);
    await context.close();
  });

  it('writes a Latin name typed into an Arabic page from the left, as it reads', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/index?lang=ar');
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const search = page.getByRole('combobox', { name: 'كلمة البحث' });
    await search.fill(DEMO_STORE);
    await search.blur();
    // Where the typed text is drawn in the field: its darkest columns. In the page's right-to-left direction the
    // text stood at the field's right edge with its final "." first.
    const { data, info } = await sharp(await search.screenshot())
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const inkColumns: number[] = [];
    for (let x = 0; x < info.width; x++) {
      for (let y = 0; y < info.height; y++) {
        if ((data[y * info.width + x] ?? 255) < 120) {
          inkColumns.push(x);
          break;
        }
      }
    }
    expect(inkColumns.length).toBeGreaterThan(0);
    const textWidth = inkColumns.at(-1)! - inkColumns[0]!;
    // The text starts by the field's left edge and ends well before its right one.
    expect(inkColumns[0]!).toBeLessThan(info.width / 4);
    expect(inkColumns.at(-1)!).toBeLessThan(info.width - textWidth / 4);
    await context.close();
  });

  it("points the banner's and the pager's arrows the way they move on an Arabic page: next to the left", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/index?lang=ar');
    await poll(() => page.locator('.cv-carousel__arrow--next').isVisible()).toBe(true);
    expect(await chevronPointsLeft(page, '.cv-carousel__arrow--next span')).toBe(true);
    expect(await chevronPointsLeft(page, '.cv-carousel__arrow--prev span')).toBe(false);
    await page.goto('/commodity?lang=ar');
    await poll(() => page.locator('.cv-pages__arrow').count()).toBe(2);
    const [previous, next] = [0, 1].map(
      (index) => `.cv-pages li:${index === 0 ? 'first' : 'last'}-child .cv-pages__arrow`,
    );
    expect(await chevronPointsLeft(page, next!)).toBe(true);
    expect(await chevronPointsLeft(page, previous!)).toBe(false);
    // The same arrows in English point the other way.
    await page.goto('/commodity?lang=en');
    await poll(() => page.locator('.cv-pages__arrow').count()).toBe(2);
    expect(await chevronPointsLeft(page, next!)).toBe(false);
    await context.close();
  });

  it('keeps dates in year-month-day order on an Arabic page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/index?lang=ar');
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // A date written into the page as the app writes it (formatDateTime's isolate), as a table cell would show it.
    const edges = await page.evaluate(async () => {
      const cell = document.createElement('p');
      cell.id = 'probe-date';
      cell.textContent = '\u20662026-11-25 11:24:58\u2069';
      document.body.append(cell);
      const text = cell.firstChild as Text;
      const left = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      };
      return { year: left(1), seconds: left(text.data.length - 2) };
    });
    expect(edges.year).toBeLessThan(edges.seconds);
    await context.close();
  });

  it("keeps a text box's character count and a badge's overflow count in reading order on an Arabic page", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/index?lang=ar');
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The elements Ant Design draws (TextArea showCount, Input showCount, Badge overflowCount), with its classes:
    // global.css orders their text. Ant Design's own styles place them, which this page may not have loaded.
    const counts = await page.evaluate(() => {
      // Built through the DOM, not markup: the page's policy refuses style attributes, not styles set by script.
      const make = (tag: string, className: string, text = '', style: Partial<CSSStyleDeclaration> = {}) => {
        const element = document.createElement(tag);
        element.className = className;
        element.textContent = text;
        Object.assign(element.style, style);
        return element;
      };
      const probe = document.createElement('div');
      const textArea = make('div', 'ant-input-textarea-show-count', '', {
        position: 'relative',
        inlineSize: '300px',
      });
      textArea.append(
        document.createElement('textarea'),
        make('span', 'ant-input-data-count', '0 / 500', { position: 'absolute', insetInlineEnd: '0' }),
      );
      const input = make('span', 'ant-input-affix-wrapper');
      input.append(document.createElement('input'), make('span', 'ant-input-show-count-suffix', '12 / 64'));
      const badge = make('span', 'ant-badge', '', {
        position: 'relative',
        display: 'inline-block',
        inlineSize: '60px',
      });
      badge.append(
        make('sup', 'ant-scroll-number ant-badge-count', '99+', {
          position: 'absolute',
          insetInlineEnd: '0',
        }),
      );
      probe.append(textArea, input, badge);
      document.body.append(probe);
      const edges = (selector: string) => {
        const element = probe.querySelector(selector)!;
        const text = element.firstChild as Text;
        const left = (index: number) => {
          const range = document.createRange();
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          return range.getBoundingClientRect().left;
        };
        return { first: left(0), last: left(text.data.length - 1) };
      };
      const box = probe.querySelector('.ant-input-textarea-show-count')!.getBoundingClientRect();
      const count = probe.querySelector('.ant-input-data-count')!.getBoundingClientRect();
      return {
        textArea: edges('.ant-input-data-count'),
        input: edges('.ant-input-show-count-suffix'),
        badge: edges('.ant-badge-count'),
        // The count stays at the box's end in the reading direction: its left side.
        countFromBoxStart: box.right - count.right,
        countFromBoxEnd: count.left - box.left,
      };
    });
    // "0" left of "500", "12" left of "64", "9" left of "+".
    expect(counts.textArea.first).toBeLessThan(counts.textArea.last);
    expect(counts.input.first).toBeLessThan(counts.input.last);
    expect(counts.badge.first).toBeLessThan(counts.badge.last);
    expect(counts.countFromBoxEnd).toBeLessThan(counts.countFromBoxStart);
    await context.close();
  });

  it("keeps the seller console's glyph whole beside a long Russian title, the title cut with its whole text as tooltip", async () => {
    const { context, page } = await newPage(browser(), { width: 1280 });
    await loginSeller(page, { username: 'demoseller', password: 'seller123' });
    await page.goto('/seller/dashboard?lang=ru');
    const title = page.locator('.cv-console__brand .cv-console__title');
    await poll(() => title.getAttribute('title')).toContain('Caravan');
    const glyph = await page.locator('.cv-console__brand svg').boundingBox();
    // The glyph shrank to a 5 px sliver beside "Caravan для продавцов".
    expect(glyph?.width).toBe(28);
    const brand = await page.locator('.cv-console__brand').boundingBox();
    const titleBox = await title.boundingBox();
    // The title stays inside the menu's width.
    expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(brand!.x + brand!.width);
    await context.close();
  });
});
