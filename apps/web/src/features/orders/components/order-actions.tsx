import {
  CANCEL_REASON_CODES,
  RETURN_WITHIN_DAYS,
  type TOrderInfo,
  type TOrderSummary,
  ZCancelOrderRequest,
} from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Radio, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OrderLogistics } from '../../../components/order/order-logistics';
import { PayOrdersModal } from '../../../components/order/pay-orders-modal';
import { keepFocusIn } from '../../../components/ui/keep-focus';
import { type TClosingDialogProps, useClosingDialog } from '../../../components/ui/use-closing-dialog';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { isApiError } from '../../../lib/api';
import { withColon } from '../../../lib/format';
import { formatUsdt } from '../../../lib/format-money';
import { toast, toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useLogistics } from '../api/list-logistics';
import { cancelOrder, rebuyOrder, receiveOrder, remindOrder } from '../api/order-actions';
import { ORDERS_KEY } from '../api/order-keys';

type TOrder = TOrderSummary | TOrderInfo;

function LogisticsModal({ order, isOpen, onClose, afterClose }: { order: TOrder } & TClosingDialogProps) {
  const { t } = useTranslation(['orders', 'cart']);
  const logistics = useLogistics(order.orderNo);
  const info = 'carrier' in order ? order : null;
  return (
    <Modal
      open={isOpen}
      afterClose={afterClose}
      title={t('logistics.title', { orderNo: order.orderNo })}
      onCancel={onClose}
      footer={null}
    >
      {info?.carrier && (
        <p>
          {withColon(t('logistics.carrier'))} {info.carrier} · {withColon(t('logistics.trackingNo'))}{' '}
          <span dir="ltr">{info.trackingNo}</span>
        </p>
      )}
      {logistics.data && <OrderLogistics entries={logistics.data} />}
    </Modal>
  );
}

/** What the buyer can do with an order in its state (SPEC §4); the detail page and the list share it. */
export function OrderActions({ order, isDetailShown = true }: { order: TOrder; isDetailShown?: boolean }) {
  const { t } = useTranslation(['orders', 'common', 'cart']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payDialog = useClosingDialog();
  const cancelDialog = useClosingDialog();
  const cancelFocus = useDialogFocus(cancelDialog.isOpen);
  const [cancelReason, setCancelReason] = useState<number>(0);
  const logisticsDialog = useClosingDialog();
  const [modal, modalHolder] = Modal.useModal();
  const actionsRef = useRef<HTMLDivElement>(null);
  // The order's buttons are drawn again after an action (components/ui/keep-focus.ts); where the order has left the
  // list (a tab of orders to receive), the focus goes to the page's main content, where the list is.
  const keepFocusHere = () =>
    keepFocusIn(actionsRef.current, actionsRef.current?.closest('main') ?? document.getElementById('main'));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    keepFocusHere();
  };

  const cancel = useMutation({
    mutationFn: () => {
      const body = ZCancelOrderRequest.parse({ reason: cancelReason });
      return cancelOrder(order.orderNo, body);
    },
    onSuccess: async () => {
      cancelDialog.close();
      toast.success(t('messages.cancelled'));
      await refresh();
    },
  });
  const remind = useMutation({
    mutationFn: () => remindOrder(order.orderNo),
    meta: { isToastSkipped: true },
    onSuccess: async () => {
      toast.success(t('messages.reminded'));
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'ORDER_ALREADY_REMINDED') {
        toast.warning(t('messages.alreadyReminded'));
        return;
      }
      toastError(error, t('common:errors.generic'));
    },
  });
  const receive = useMutation({
    mutationFn: () => receiveOrder(order.orderNo),
    onSuccess: async () => {
      toast.success(t('common:success.receiptSucceeded'));
      await refresh();
    },
  });
  const rebuy = useMutation({
    mutationFn: () => rebuyOrder(order.orderNo),
    onSuccess: async ({ cartItemIds }) => {
      toast.success(t('messages.rebought'));
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
      // The checkout of these goods alone, whatever else is ticked in the cart.
      await navigate(`/settlement?cartItemIds=${cartItemIds.join(',')}`);
    },
  });

  // One request per press: a double click came in before the button showed it was busy, and a second rebuy put
  // the goods in the cart twice (the mutations' own handlers tell the buyer of a failure).
  const cancelOnce = useOneAtATime(() => cancel.mutateAsync().catch(() => undefined));
  const remindOnce = useOneAtATime(() => remind.mutateAsync().catch(() => undefined));
  const rebuyOnce = useOneAtATime(() => rebuy.mutateAsync().catch(() => undefined));

  const status = order.statusName;
  const canAskRefund = (status === 'paid' || status === 'confirmed') && order.refundStatus !== 'refunding';
  const canAskReturn =
    (status === 'received' || status === 'reviewed') &&
    order.refundStatus !== 'refunding' &&
    (!('canReturnUntil' in order) || order.canReturnUntil !== null);
  const hasLogistics = status === 'shipped' || status === 'received' || status === 'reviewed';
  const orderQuery = `orderNo=${encodeURIComponent(order.orderNo)}`;

  return (
    <Space ref={actionsRef} wrap size={[8, 8]} className="cv-order-actions">
      {modalHolder}
      {status === 'pending_payment' && (
        <>
          <Button type="primary" size="small" onClick={() => payDialog.open(true)}>
            {t('actions.payNow')}
          </Button>
          <Button size="small" onClick={() => cancelDialog.open(true)}>
            {t('actions.cancel')}
          </Button>
        </>
      )}
      {(status === 'paid' || status === 'confirmed') && (
        <Button
          size="small"
          loading={remind.isPending}
          // A seller is reminded once: after that the button said so only when pressed again.
          disabled={order.isReminded}
          title={order.isReminded ? t('messages.alreadyReminded') : undefined}
          onClick={() => void remindOnce()}
        >
          {t('actions.remind')}
        </Button>
      )}
      {canAskRefund && (
        <Button size="small" onClick={() => void navigate(`/userInfo/order-return?${orderQuery}`)}>
          {t('actions.refund')}
        </Button>
      )}
      {hasLogistics && (
        <Button size="small" onClick={() => logisticsDialog.open(true)}>
          {t('actions.logistics')}
        </Button>
      )}
      {status === 'shipped' && (
        <Button
          type="primary"
          size="small"
          loading={receive.isPending}
          onClick={() =>
            modal.confirm({
              title: t('receive.title', { orderNo: order.orderNo }),
              content: t('receive.body', {
                amount: formatUsdt(order.amounts.total),
                days: RETURN_WITHIN_DAYS,
              }),
              okText: t('actions.receive'),
              cancelText: t('common:actions.cancel'),
              onOk: () => receive.mutateAsync(),
              // The dialog hands the focus back to Confirm receipt, which the received order no longer has.
              afterClose: keepFocusHere,
            })
          }
        >
          {t('actions.receive')}
        </Button>
      )}
      {status === 'received' && (
        <Button
          type="primary"
          size="small"
          onClick={() => void navigate(`/userInfo/order-evaluation?${orderQuery}`)}
        >
          {t('actions.review')}
        </Button>
      )}
      {canAskReturn && (
        <Button size="small" onClick={() => void navigate(`/userInfo/order-return?${orderQuery}`)}>
          {t('actions.return')}
        </Button>
      )}
      {(status === 'cancelled' || status === 'received' || status === 'reviewed' || status === 'refund') && (
        <Button size="small" loading={rebuy.isPending} onClick={() => void rebuyOnce()}>
          {t('actions.rebuy')}
        </Button>
      )}
      {isDetailShown && (
        <Button
          size="small"
          type="link"
          onClick={() => void navigate(`/userInfo/order-detail?${orderQuery}`)}
        >
          {t('actions.detail')}
        </Button>
      )}

      {payDialog.value && (
        <PayOrdersModal
          isOpen={payDialog.isOpen}
          orderNos={[order.orderNo]}
          total={order.amounts.total}
          payBefore={order.payBefore}
          onNotPayable={() => void refresh()}
          onClose={payDialog.close}
          afterClose={payDialog.afterClose}
          onPaid={async (result) => {
            payDialog.close();
            await refresh();
            await queryClient.invalidateQueries({ queryKey: ['wallet'] });
            await navigate(`/paySuccess?orderNos=${encodeURIComponent(order.orderNo)}`, { state: result });
          }}
        />
      )}
      {cancelDialog.value && (
        <Modal
          open={cancelDialog.isOpen}
          afterClose={() => {
            cancelDialog.afterClose();
            keepFocusHere();
          }}
          title={t('cancel.title', { orderNo: order.orderNo })}
          okText={t('cancel.confirm')}
          cancelText={t('cancel.keep')}
          okButtonProps={{ danger: true, loading: cancel.isPending }}
          onOk={() => void cancelOnce()}
          onCancel={cancelDialog.close}
          {...cancelFocus.modalProps}
        >
          <p>{t('cancel.body')}</p>
          <p>{t('cancel.reason')}</p>
          <Radio.Group
            {...cancelFocus.target}
            value={cancelReason}
            onChange={(event) => setCancelReason(event.target.value as number)}
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          >
            {CANCEL_REASON_CODES.map((code) => (
              <Radio key={code} value={code}>
                {t(`cancelReasons.${code}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Modal>
      )}
      {logisticsDialog.value && <LogisticsModal order={order} {...logisticsDialog.props} />}
    </Space>
  );
}
