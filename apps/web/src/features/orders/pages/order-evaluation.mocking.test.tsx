import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { orderInfoFixture } from '../../../testing/orders';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';

// Tests read no styles (CSS is not processed), so the order stylesheet is replaced: its import is what is checked.
const stylesheets = vi.hoisted(() => ({ isOrderLoaded: false }));
vi.mock('../../../components/order/order.css', () => {
  stylesheets.isOrderLoaded = true;
  return {};
});

const ORDER = orderInfoFixture();

/** The goods' box measures `width` pixels (jsdom lays nothing out); the form's own observers are left alone. */
function layOutAt(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ width, height: 100 }) as DOMRect,
  );
}

async function renderReviewPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ orderInfo: ORDER })),
  );
  const { default: OrderEvaluationPage } = await import('./order-evaluation');
  await renderWithQueries(<OrderEvaluationPage />, `/userInfo/order-evaluation?orderNo=${ORDER.orderNo}`);
}

describe('/userInfo/order-evaluation goods', () => {
  setUpComponentTests({ orders: ordersEn });
  afterEach(() => vi.restoreAllMocks());

  it("shows the order detail's goods rows with their stylesheet (no list bullet, the name beside the picture)", async () => {
    layOutAt(328);
    await renderReviewPage();
    // Without the rules of order.css a stacked line is a bulleted list item with the texts under the picture.
    expect(stylesheets.isOrderLoaded).toBe(true);
    const lines = within(await screen.findByRole('list', { name: ordersEn.detail.items })).getAllByRole(
      'listitem',
    );
    expect(lines).toHaveLength(1);
    const line = lines[0] as HTMLElement;
    expect(line.className).toBe('cv-order-line');
    expect(line.querySelector(':scope > img.cv-order-thumb')).not.toBeNull();
    const name = line.querySelector('.cv-order-line__body > .cv-order-goods__name');
    expect(name?.textContent).toBe('Soft Plush Puzzles');
    expect(name?.getAttribute('dir')).toBe('auto');
  });

  it('shows the table row of the order detail where it fits: picture and name in one cell', async () => {
    layOutAt(800);
    await renderReviewPage();
    const cell = (await screen.findByText('Soft Plush Puzzles')).closest('.cv-order-goods');
    expect(cell?.querySelector('img.cv-order-thumb')).not.toBeNull();
    expect(stylesheets.isOrderLoaded).toBe(true);
  });
});
