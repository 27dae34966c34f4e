import type { TOrderInfo } from '@caravan/contracts';
import errorsEn from '@caravan/contracts/locales/en/errors.json';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { orderInfoFixture } from '../../../testing/orders';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { SellerOrderDrawer } from './seller-order-drawer';

const texts = ordersEn.seller.orders;

type TPost = { path: string; body: unknown };

/** Opens the drawer on `order`; every POST is written down and answered with the order as it then is. */
async function openDrawer(order: TOrderInfo): Promise<TPost[]> {
  const posts: TPost[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') {
        posts.push({ path, body: JSON.parse(String(init.body)) });
        return path.endsWith('/logistics') ? jsonResponse({ list: [] }) : jsonResponse({ orderInfo: order });
      }
      return path.endsWith('/logistics') ? jsonResponse({ list: [] }) : jsonResponse({ orderInfo: order });
    }),
  );
  await renderWithQueries(<SellerOrderDrawer orderNo={order.orderNo} onClose={() => undefined} />);
  return posts;
}

/** The dialog whose title is `title`, the latest opened. */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const headings = await screen.findAllByText(title);
  return headings.at(-1)?.closest('.ant-modal') as HTMLElement;
}

function typeInto(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const confirmedOrder = orderInfoFixture({
  status: 2,
  statusName: 'confirmed',
  receivedAt: null,
  canReturnUntil: null,
  confirmedAt: '2026-12-01T11:00:00.000Z',
});

const shippedOrder = orderInfoFixture({
  status: 3,
  statusName: 'shipped',
  receivedAt: null,
  canReturnUntil: null,
  carrier: 'DHL',
  trackingNo: 'JD0001',
  shippedAt: '2026-12-01T12:00:00.000Z',
});

/** Opens the drawer's Ship form, types DHL Express and JD0145 2233, and sends it; the form's dialog. */
async function submitShipForm(): Promise<HTMLElement> {
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: texts.ship })));
  const form = await dialogTitled(`Ship order ${confirmedOrder.orderNo}`);
  typeInto(form, texts.carrier, 'DHL Express');
  typeInto(form, texts.trackingNo, 'JD0145 2233');
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: texts.ship })));
  return form;
}

describe('Seller -> order drawer -> ship', () => {
  setUpComponentTests({ orders: ordersEn });

  it('asks before shipping, naming the order, carrier and tracking number; Cancel keeps the form', async () => {
    const posts = await openDrawer(confirmedOrder);
    const form = await submitShipForm();

    const ask = await dialogTitled(`Ship order ${confirmedOrder.orderNo} now?`);
    expect(ask.textContent).toContain('Carrier: DHL Express');
    expect(ask.textContent).toContain('Tracking number: JD0145 2233');
    expect(posts).toEqual([]);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' })));
    expect(posts).toEqual([]);
    // The form is still open with what was typed.
    expect((within(form).getByLabelText(texts.trackingNo) as HTMLInputElement).value).toBe('JD0145 2233');

    await act(async () => fireEvent.click(within(form).getByRole('button', { name: texts.ship })));
    const again = await dialogTitled(`Ship order ${confirmedOrder.orderNo} now?`);
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: texts.ship })));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: `/api/v1/seller/orders/${confirmedOrder.orderNo}/ship`,
          body: { carrier: 'DHL Express', trackingNo: 'JD0145 2233' },
        },
      ]),
    );
  });

  it('keeps the focus with the order once it is shipped, on its next action (it fell to the page)', async () => {
    let current = confirmedOrder;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST') {
          current = shippedOrder;
        }
        return path.endsWith('/logistics')
          ? jsonResponse({ list: [] })
          : jsonResponse({ orderInfo: current });
      }),
    );
    // Without motion, the dialogs leave at once as they do in a browser (jsdom never ends their closing animation).
    await renderWithQueries(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <SellerOrderDrawer orderNo={confirmedOrder.orderNo} onClose={() => undefined} />
      </ConfigProvider>,
    );
    await submitShipForm();
    const ask = await dialogTitled(`Ship order ${confirmedOrder.orderNo} now?`);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: texts.ship })));
    const correct = await screen.findByRole('button', { name: texts.correctTracking });
    // On the first of the shipped order's actions, in the same card as Correct the tracking number.
    const actions = correct.closest('.cv-order-section') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(actions.querySelector('button:not(:disabled)')));
  });

  it('does not ask about a tracking number that would be refused, and says why beside it', async () => {
    const posts = await openDrawer(confirmedOrder);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: texts.ship })));
    const form = await dialogTitled(`Ship order ${confirmedOrder.orderNo}`);
    typeInto(form, texts.carrier, 'DHL');
    typeInto(form, texts.trackingNo, '<script>');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: texts.ship })));
    await waitFor(() => expect(form.querySelector('.ant-form-item-has-error #trackingNo')).toBeTruthy());
    expect(screen.queryByText(`Ship order ${confirmedOrder.orderNo} now?`)).toBeNull();
    expect(posts).toEqual([]);
  });
});

describe('Seller -> order drawer -> correct the tracking number', () => {
  setUpComponentTests({ orders: ordersEn, errors: errorsEn });

  it('offers the current values, shows before and after, and sends the correction once confirmed', async () => {
    const posts = await openDrawer(shippedOrder);
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: texts.correctTracking })),
    );
    const form = await dialogTitled(`Correct the tracking number of order ${shippedOrder.orderNo}`);
    expect((within(form).getByLabelText(texts.carrier) as HTMLInputElement).value).toBe('DHL');
    expect((within(form).getByLabelText(texts.trackingNo) as HTMLInputElement).value).toBe('JD0001');
    typeInto(form, texts.trackingNo, 'JD0010');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: texts.correctTracking })));

    const ask = await dialogTitled(`Change the tracking number of order ${shippedOrder.orderNo}?`);
    expect(ask.textContent).toContain('NowCarrier: DHLTracking number: JD0001');
    expect(ask.textContent).toContain('CorrectedCarrier: DHLTracking number: JD0010');
    expect(posts).toEqual([]);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: texts.correctTracking })));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: `/api/v1/seller/orders/${shippedOrder.orderNo}/tracking`,
          body: { carrier: 'DHL', trackingNo: 'JD0010' },
        },
      ]),
    );
  });

  it('says beside the number that nothing changed, before any confirmation (QA: it asked, then was refused)', async () => {
    const posts = await openDrawer(shippedOrder);
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: texts.correctTracking })),
    );
    const form = await dialogTitled(`Correct the tracking number of order ${shippedOrder.orderNo}`);
    // The same parcel in other case and with outer spaces, as the server reads it.
    typeInto(form, texts.carrier, ' dhl ');
    typeInto(form, texts.trackingNo, 'jd0001');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: texts.correctTracking })));
    await waitFor(() => expect(within(form).getByText(errorsEn.TRACKING_UNCHANGED)).toBeTruthy());
    expect(screen.queryByText(`Change the tracking number of order ${shippedOrder.orderNo}?`)).toBeNull();
    expect(posts).toEqual([]);
  });

  it('closes the form and reloads the order when the buyer received it meanwhile', async () => {
    const receivedOrder = orderInfoFixture({ carrier: 'DHL', trackingNo: 'JD0001' });
    let current: TOrderInfo = shippedOrder;
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST') {
          posts.push(path);
          current = receivedOrder;
          return jsonResponse(
            {
              error: {
                code: 'TRACKING_NOT_CORRECTABLE',
                message:
                  'The tracking number can be corrected only while the order is shipped and not yet received',
              },
            },
            409,
          );
        }
        return path.endsWith('/logistics')
          ? jsonResponse({ list: [] })
          : jsonResponse({ orderInfo: current });
      }),
    );
    await renderWithQueries(<SellerOrderDrawer orderNo={shippedOrder.orderNo} onClose={() => undefined} />);
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: texts.correctTracking })),
    );
    const form = await dialogTitled(`Correct the tracking number of order ${shippedOrder.orderNo}`);
    typeInto(form, texts.trackingNo, 'RACE-2');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: texts.correctTracking })));
    const ask = await dialogTitled(`Change the tracking number of order ${shippedOrder.orderNo}?`);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: texts.correctTracking })));

    // The form's dialog closes (jsdom never ends Ant Design's closing animation, so it is seen leaving).
    await waitFor(() => expect(form.className).toContain('ant-zoom-leave'));
    // The drawer reloads the order, now received: no Correct button outside the closing dialogs.
    const drawerCorrectButtons = () =>
      screen
        .queryAllByRole('button', { name: texts.correctTracking })
        .filter((button) => !button.closest('.ant-modal'));
    await waitFor(() => expect(drawerCorrectButtons()).toEqual([]));
    expect(posts).toEqual([`/api/v1/seller/orders/${shippedOrder.orderNo}/tracking`]);
  });

  it('is not offered before shipping', async () => {
    await openDrawer(confirmedOrder);
    await screen.findByRole('button', { name: texts.ship });
    expect(screen.queryByRole('button', { name: texts.correctTracking })).toBeNull();
  });

  it('is not offered once the buyer has received the order', async () => {
    await openDrawer(orderInfoFixture({ carrier: 'DHL', trackingNo: 'JD0001' }));
    await screen.findByLabelText(texts.addLogistics);
    expect(screen.queryByRole('button', { name: texts.correctTracking })).toBeNull();
  });

  it('asks before adding a logistics entry the buyer will see', async () => {
    const posts = await openDrawer(shippedOrder);
    const entry = await screen.findByLabelText(texts.addLogistics);
    fireEvent.change(entry, { target: { value: 'Arrived at hub Leipzig' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: texts.add })));
    const ask = await dialogTitled(`Add this entry to the logistics of order ${shippedOrder.orderNo}?`);
    expect(ask.textContent).toContain('Arrived at hub Leipzig');
    expect(posts).toEqual([]);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: texts.add })));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: `/api/v1/seller/orders/${shippedOrder.orderNo}/logistics`,
          body: { content: 'Arrived at hub Leipzig' },
        },
      ]),
    );
  });
});
