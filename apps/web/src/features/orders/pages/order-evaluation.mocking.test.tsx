import { act, fireEvent, screen, within } from '@testing-library/react';
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
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    jsonResponse({ orderInfo: ORDER }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const { default: OrderEvaluationPage } = await import('./order-evaluation');
  await renderWithQueries(<OrderEvaluationPage />, `/userInfo/order-evaluation?orderNo=${ORDER.orderNo}`);
  return fetchMock;
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

  it('asks for a rating the buyer chose: none is chosen for them, and nothing is sent without one', async () => {
    layOutAt(800);
    const fetchMock = await renderReviewPage();
    const group = await screen.findByRole('radiogroup');
    expect(
      within(group)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ordersEn.reviewForm.submit })));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(posts).toEqual([]);
  });
});
