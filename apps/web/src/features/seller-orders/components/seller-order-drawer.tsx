import {
  isSameTracking,
  type TOrderInfo,
  type TShipOrderRequest,
  ZCorrectTrackingRequest,
  ZLogisticsRequest,
  ZRejectRefundRequest,
  ZShipOrderRequest,
} from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderDrawer } from '../../../components/order/order-drawer';
import { OrderInfoView } from '../../../components/order/order-info-view';
import { OrderLogistics } from '../../../components/order/order-logistics';
import { AppForm } from '../../../components/ui/app-form';
import { DateTimeInSentence } from '../../../components/ui/date-time-text';
import { keepFocusIn } from '../../../components/ui/keep-focus';
import { LimitedInput, LimitedTextArea } from '../../../components/ui/limited-text';
import { ApiError } from '../../../lib/api';
import { parseFormValues } from '../../../lib/form';
import { withColon } from '../../../lib/format';
import { formatUsdt } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import {
  addSellerLogistics,
  approveSellerRefund,
  confirmSellerOrder,
  correctSellerTracking,
  rejectSellerRefund,
  SELLER_ORDERS_KEY,
  shipSellerOrder,
  useSellerLogistics,
  useSellerOrder,
} from '../api/seller-orders-api';

/** A carrier and tracking number as the confirmations show them: the number left to right in any language. */
function TrackingLines({ tracking, label }: { tracking: TShipOrderRequest; label?: string }) {
  const { t } = useTranslation(['orders', 'cart']);
  return (
    <div style={{ marginBlockStart: 8 }}>
      {label ? <strong>{label}</strong> : null}
      <div>
        {withColon(t('seller.orders.carrier'))} {tracking.carrier}
      </div>
      <div>
        {withColon(t('seller.orders.trackingNo'))} <span dir="ltr">{tracking.trackingNo}</span>
      </div>
    </div>
  );
}

/** The carrier and tracking number, as shipping asks for them and a correction changes them. */
function TrackingFields() {
  const { t } = useTranslation(['orders', 'cart']);
  return (
    <>
      <Form.Item name="carrier" label={t('seller.orders.carrier')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="trackingNo" label={t('seller.orders.trackingNo')}>
        <Input maxLength={64} dir="ltr" />
      </Form.Item>
    </>
  );
}

function SellerOrderActions({ order }: { order: TOrderInfo }) {
  const { t } = useTranslation(['orders', 'validation', 'common', 'cart', 'errors']);
  const queryClient = useQueryClient();
  const [shipForm] = Form.useForm();
  const [logForm] = Form.useForm();
  const [rejectForm] = Form.useForm();
  const [correctForm] = Form.useForm();
  const [isShipOpen, setIsShipOpen] = useState(false);
  const [isCorrectOpen, setIsCorrectOpen] = useState(false);
  const [isRejectOpen, setIsRejectOpen] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const actionsRef = useRef<HTMLDivElement>(null);
  const done = async () => {
    toast.success(t('seller.orders.done'));
    await queryClient.invalidateQueries({ queryKey: SELLER_ORDERS_KEY });
    // Its buttons are drawn anew for the order's next state (Ship becomes Correct the tracking number): the focus
    // stays with them, or on the drawer (it fell to the page's start, QA).
    keepFocusIn(actionsRef.current, actionsRef.current?.closest<HTMLElement>('.ant-drawer') ?? null);
  };
  const confirm = useMutation({ mutationFn: () => confirmSellerOrder(order.orderNo), onSuccess: done });
  const ship = useMutation({
    mutationFn: (body: { carrier: string; trackingNo: string }) => shipSellerOrder(order.orderNo, body),
    onSuccess: async () => {
      setIsShipOpen(false);
      await done();
    },
  });
  const correct = useMutation({
    mutationFn: (body: TShipOrderRequest) => correctSellerTracking(order.orderNo, body),
    onSuccess: async () => {
      setIsCorrectOpen(false);
      await done();
    },
    // A 409 means the order moved on meanwhile (the buyer received it): the form can no longer succeed, so it
    // closes and the drawer reloads the order, which then shows its real state without the Correct button.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setIsCorrectOpen(false);
        await queryClient.invalidateQueries({ queryKey: SELLER_ORDERS_KEY });
      }
    },
  });
  const addLog = useMutation({
    mutationFn: (content: string) => addSellerLogistics(order.orderNo, content),
    onSuccess: async () => {
      logForm.resetFields();
      await done();
    },
  });
  const approve = useMutation({ mutationFn: () => approveSellerRefund(order.orderNo), onSuccess: done });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectSellerRefund(order.orderNo, { reason }),
    onSuccess: async () => {
      setIsRejectOpen(false);
      await done();
    },
  });
  // One request per click of Ship, Add or Reject, however fast the clicks (the mutation's own handler shows a failure).
  const shipOnce = useOneAtATime((body: { carrier: string; trackingNo: string }) =>
    ship.mutateAsync(body).catch(() => undefined),
  );
  const addLogOnce = useOneAtATime((content: string) => addLog.mutateAsync(content).catch(() => undefined));
  const correctOnce = useOneAtATime((body: TShipOrderRequest) =>
    correct.mutateAsync(body).catch(() => undefined),
  );
  /**
   * Asks before a step that cannot be undone, showing what it will send; Cancel leaves the form as it was typed.
   * The dialog's OK waits for the request (its button shows it is busy).
   */
  const askFirst = (title: string, content: ReactNode, okText: string, run: () => Promise<unknown>) =>
    void modal.confirm({
      title,
      content,
      okText,
      cancelText: t('common:actions.cancel'),
      onOk: () => run(),
    });
  const rejectOnce = useOneAtATime((reason: string) => reject.mutateAsync(reason).catch(() => undefined));
  const status = order.statusName;
  const isRefunding = order.refundStatus === 'refunding';
  const refundAmount = order.refund?.amount ?? order.paidAmount;
  // A delivered or reviewed order has nothing to do: no empty row of actions above the note.
  const hasActions = isRefunding || status === 'paid' || status === 'confirmed';
  return (
    <Card ref={actionsRef} size="small" className="cv-order-section">
      {modalHolder}
      {order.remindedAt && (
        <Alert
          type="warning"
          showIcon
          className="cv-order-section"
          title={
            <DateTimeInSentence
              value={order.remindedAt}
              sentence={(time) => t('seller.orders.buyerReminded', { time })}
            />
          }
        />
      )}
      {hasActions && (
        <Space wrap>
          {status === 'paid' && !isRefunding && (
            <Button
              type="primary"
              loading={confirm.isPending}
              onClick={() =>
                modal.confirm({
                  title: t('seller.orders.confirmTitle', { orderNo: order.orderNo }),
                  content: t('seller.orders.confirmBody'),
                  okText: t('common:actions.confirm'),
                  cancelText: t('common:actions.cancel'),
                  onOk: () => confirm.mutateAsync(),
                })
              }
            >
              {t('seller.orders.confirm')}
            </Button>
          )}
          {(status === 'paid' || status === 'confirmed') && !isRefunding && (
            <Button type={status === 'confirmed' ? 'primary' : 'default'} onClick={() => setIsShipOpen(true)}>
              {t('seller.orders.ship')}
            </Button>
          )}
          {isRefunding && (
            <>
              <Button
                type="primary"
                loading={approve.isPending}
                onClick={() =>
                  modal.confirm({
                    title: t('seller.orders.approveTitle', { amount: formatUsdt(refundAmount) }),
                    // Once settled, the money is no longer in escrow: it comes back from the seller's wallet.
                    content: t(
                      order.settledAt ? 'seller.orders.approveBodySettled' : 'seller.orders.approveBody',
                    ),
                    okText: t('seller.orders.approveRefund'),
                    cancelText: t('common:actions.cancel'),
                    onOk: () => approve.mutateAsync(),
                  })
                }
              >
                {t('seller.orders.approveRefund')}
              </Button>
              <Button danger onClick={() => setIsRejectOpen(true)}>
                {t('seller.orders.rejectRefund')}
              </Button>
            </>
          )}
        </Space>
      )}
      {status === 'shipped' && (
        <Button onClick={() => setIsCorrectOpen(true)}>{t('seller.orders.correctTracking')}</Button>
      )}
      <p className="cv-muted" style={{ marginBlock: hasActions || status === 'shipped' ? '8px 0' : 0 }}>
        {t('seller.orders.noCancel')}
      </p>
      {(status === 'shipped' || status === 'received') && (
        <AppForm
          form={logForm}
          layout="inline"
          style={{ marginBlockStart: 12, rowGap: 8 }}
          onFinish={() => {
            const body = parseFormValues(logForm, ZLogisticsRequest, logForm.getFieldsValue(), t);
            if (body) {
              askFirst(
                t('seller.orders.logisticsConfirmTitle', { orderNo: order.orderNo }),
                <>
                  <p style={{ margin: 0 }}>{t('seller.orders.logisticsConfirmBody')}</p>
                  <blockquote style={{ margin: '8px 0 0' }}>{body.content}</blockquote>
                </>,
                t('seller.orders.add'),
                () => addLogOnce(body.content),
              );
            }
          }}
        >
          <Form.Item
            name="content"
            label={t('seller.orders.addLogistics')}
            style={{ flex: 1, minWidth: 220 }}
          >
            <LimitedInput limit={255} placeholder={t('seller.orders.logisticsPlaceholder')} />
          </Form.Item>
          <Button htmlType="submit" loading={addLog.isPending}>
            {t('seller.orders.add')}
          </Button>
        </AppForm>
      )}
      <Modal
        open={isShipOpen}
        title={t('seller.orders.shipTitle', { orderNo: order.orderNo })}
        okText={t('seller.orders.ship')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ loading: ship.isPending }}
        onOk={() => shipForm.submit()}
        onCancel={() => setIsShipOpen(false)}
        destroyOnHidden
      >
        <AppForm
          form={shipForm}
          layout="vertical"
          requiredMark={false}
          isSentOnEnter
          onFinish={() => {
            const body = parseFormValues(shipForm, ZShipOrderRequest, shipForm.getFieldsValue(), t);
            if (body) {
              askFirst(
                t('seller.orders.shipConfirmTitle', { orderNo: order.orderNo }),
                <>
                  <p style={{ margin: 0 }}>{t('seller.orders.shipConfirmBody')}</p>
                  <TrackingLines tracking={body} />
                </>,
                t('seller.orders.ship'),
                () => shipOnce(body),
              );
            }
          }}
        >
          <TrackingFields />
        </AppForm>
      </Modal>
      <Modal
        open={isCorrectOpen}
        title={t('seller.orders.correctTitle', { orderNo: order.orderNo })}
        okText={t('seller.orders.correctTracking')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ loading: correct.isPending }}
        onOk={() => correctForm.submit()}
        onCancel={() => setIsCorrectOpen(false)}
        destroyOnHidden
      >
        <p className="cv-muted">{t('seller.orders.correctHint')}</p>
        <AppForm
          form={correctForm}
          layout="vertical"
          requiredMark={false}
          isSentOnEnter
          initialValues={{ carrier: order.carrier ?? '', trackingNo: order.trackingNo ?? '' }}
          onFinish={() => {
            const body = parseFormValues(
              correctForm,
              ZCorrectTrackingRequest,
              correctForm.getFieldsValue(),
              t,
            );
            if (body && isSameTracking(order, body)) {
              // Said before asking: the confirmation showed the same parcel twice, then the server refused it.
              correctForm.setFields([{ name: 'trackingNo', errors: [t('errors:TRACKING_UNCHANGED')] }]);
            } else if (body) {
              askFirst(
                t('seller.orders.correctConfirmTitle', { orderNo: order.orderNo }),
                <>
                  <p style={{ margin: 0 }}>{t('seller.orders.correctConfirmBody')}</p>
                  <TrackingLines
                    label={t('seller.orders.trackingBefore')}
                    tracking={{ carrier: order.carrier ?? '', trackingNo: order.trackingNo ?? '' }}
                  />
                  <TrackingLines label={t('seller.orders.trackingAfter')} tracking={body} />
                </>,
                t('seller.orders.correctTracking'),
                () => correctOnce(body),
              );
            }
          }}
        >
          <TrackingFields />
        </AppForm>
      </Modal>
      <Modal
        open={isRejectOpen}
        title={t('seller.orders.rejectTitle', { orderNo: order.orderNo })}
        okText={t('seller.orders.rejectRefund')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, loading: reject.isPending }}
        onOk={() => rejectForm.submit()}
        onCancel={() => setIsRejectOpen(false)}
        destroyOnHidden
      >
        <AppForm
          form={rejectForm}
          layout="vertical"
          requiredMark={false}
          onFinish={() => {
            const body = parseFormValues(rejectForm, ZRejectRefundRequest, rejectForm.getFieldsValue(), t);
            if (body) {
              void rejectOnce(body.reason);
            }
          }}
        >
          <Form.Item name="reason" label={t('seller.orders.rejectReason')}>
            <LimitedTextArea limit={255} rows={3} />
          </Form.Item>
        </AppForm>
      </Modal>
    </Card>
  );
}

/** Detail drawer of one shop order: actions of its state, every field, logistics and history. */
export function SellerOrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  // SellerOrderActions' namespaces, loaded before the drawer opens (see OrderDrawer).
  useTranslation(['orders', 'validation', 'common', 'cart']);
  const order = useSellerOrder(orderNo);
  const logistics = useSellerLogistics(orderNo);
  return (
    <OrderDrawer orderNo={orderNo} isLoading={order.isLoading} onClose={onClose}>
      {order.data && (
        <>
          <SellerOrderActions order={order.data} />
          <OrderInfoView
            order={order.data}
            logistics={logistics.data ? <OrderLogistics entries={logistics.data} /> : undefined}
          />
        </>
      )}
    </OrderDrawer>
  );
}
