import { displayMoney, parseMoney, ZAdminRefundRequest } from '@caravan/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { announceApproval } from '../../../components/console/four-eyes';
import { useStaffMe } from '../../../components/console/staff-session';
import { OrderDrawer } from '../../../components/order/order-drawer';
import { OrderInfoView } from '../../../components/order/order-info-view';
import { OrdersTable, useOrderListState } from '../../../components/order/orders-table';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { MoneyText } from '../../../components/ui/money-text';
import { type TClosingDialogProps, useClosingDialog } from '../../../components/ui/use-closing-dialog';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { formatUsdt } from '../../../lib/format-money';
import {
  ADMIN_ORDERS_KEY,
  refundAdminOrder,
  type TAdminOrder,
  useAdminOrder,
  useAdminOrders,
} from '../api/admin-orders-api';
import '../../../components/order/order.css';
import { isolateDate } from '../../../lib/bidi';

/**
 * Until the goods reach the buyer a refund is of everything paid (the server's rule, orders/refunds.ts): the amount is
 * fixed and the rule said beside it. A part had closed an order on its way and paid the seller the rest at once.
 */
const WHOLE_REFUND_RULES: Partial<Record<TAdminOrder['statusName'], string>> = {
  paid: 'errors:REFUND_NOT_FULL_BEFORE_SHIPPING',
  confirmed: 'errors:REFUND_NOT_FULL_BEFORE_SHIPPING',
  shipped: 'errors:REFUND_NOT_FULL_IN_TRANSIT',
};

function ManualRefundModal({
  order,
  isOpen,
  onClose,
  afterClose,
}: { order: TAdminOrder } & TClosingDialogProps) {
  const { t } = useTranslation(['orders', 'validation', 'common', 'console', 'errors', 'cart']);
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [isSending, setIsSending] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const firstApproval = order.refundApproval;
  const wholeRule = WHOLE_REFUND_RULES[order.statusName];
  // After a partial refund only the rest is left to give back (the server refuses more).
  const refundable = order.refundableAmount;
  const isPartlyRefunded = parseMoney(refundable) < parseMoney(order.paidAmount);
  const submit = () => {
    const body = parseFormValues(form, ZAdminRefundRequest, form.getFieldsValue(), t);
    if (!body) {
      return;
    }
    if (parseMoney(body.amount) > parseMoney(refundable)) {
      form.setFields([
        { name: 'amount', errors: [t('refundForm.amountTooHigh', { max: formatUsdt(refundable) })] },
      ]);
      return;
    }
    modal.confirm({
      title: t('admin.confirmTitle', { amount: formatUsdt(body.amount), buyer: order.buyer.usercode }),
      content: t('admin.confirmBody'),
      okText: t('admin.manualRefund'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        setIsSending(true);
        try {
          announceApproval(await refundAdminOrder(order.orderNo, body), t('admin.refunded'), t);
          await queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
          onClose();
        } catch (error) {
          showSubmitError(form, error, t);
        } finally {
          setIsSending(false);
        }
      },
    });
  };
  return (
    <Modal
      open={isOpen}
      afterClose={afterClose}
      title={t('admin.refundTitle', { orderNo: order.orderNo })}
      okText={t(firstApproval ? 'admin.approveRefund' : 'admin.manualRefund')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, loading: isSending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {modalHolder}
      {firstApproval && (
        <Alert
          style={{ marginBlockEnd: 16 }}
          type="warning"
          showIcon
          title={
            <span dir="auto">
              {t('admin.refundFirstBy', {
                name: firstApproval.staffName,
                time: isolateDate(formatDateTime(firstApproval.approvedAt)),
                amount: formatUsdt(firstApproval.amount),
              })}
            </span>
          }
        />
      )}
      <AppForm
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        // The second approval must name the first one's amount; its reason is the first approver's.
        initialValues={{
          amount: firstApproval?.amount ?? refundable,
          reason: firstApproval?.reason ?? '',
        }}
      >
        <Form.Item
          name="amount"
          label={t('admin.refundAmount')}
          extra={
            wholeRule
              ? t(wholeRule, { max: displayMoney(parseMoney(refundable)) })
              : isPartlyRefunded
                ? t('admin.refundRestHint', {
                    max: formatUsdt(refundable),
                    paid: formatUsdt(order.paidAmount),
                  })
                : t('admin.refundAmountHint', { max: formatUsdt(refundable) })
          }
        >
          <AmountInput readOnly={wholeRule !== undefined} />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.refundReason')}>
          <LimitedTextArea limit={255} rows={3} />
        </Form.Item>
      </AppForm>
    </Modal>
  );
}

function AdminOrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const order = useAdminOrder(orderNo);
  return (
    <OrderDrawer orderNo={orderNo} isLoading={order.isLoading} onClose={onClose}>
      {order.data && <OrderInfoView order={order.data} />}
    </OrderDrawer>
  );
}

/**
 * The row's manual refund; one above the four-eyes threshold that waits for a second approval is marked in the status
 * column (RefundWaitingTag), and its first approver may not give the second.
 */
function RefundAction({ order, onOpen }: { order: TAdminOrder; onOpen: () => void }) {
  const { t } = useTranslation(['orders', 'console', 'cart']);
  const me = useStaffMe().data;
  const waiting = order.refundApproval;
  if (!waiting) {
    return (
      <Button type="link" danger onClick={onOpen}>
        {t('admin.manualRefund')}
      </Button>
    );
  }
  const isOwnFirst = waiting.staffId === me?.id;
  return (
    <Space orientation="vertical" size={0}>
      <Button
        type="link"
        danger
        onClick={onOpen}
        disabled={isOwnFirst}
        title={isOwnFirst ? t('console:approvals.ownFirst') : undefined}
      >
        {t('admin.approveRefund')}
      </Button>
      {isOwnFirst && <span className="cv-muted">{t('console:approvals.ownFirst')}</span>}
    </Space>
  );
}

/**
 * A refund waiting for its second approval, beside the order's state: in the actions column, wide with its long
 * label, it pushed the actions out of a 1280 px screen (German) and was itself the part cut off.
 */
function RefundWaitingTag() {
  const { t } = useTranslation(['orders', 'cart']);
  return (
    <Tag color="gold" className="cv-order-status">
      {t('admin.refundWaiting')}
    </Tag>
  );
}

/** Paid, not cancelled and not yet refunded in full: a partial refund leaves the rest to the platform. */
function isRefundable(order: TAdminOrder): boolean {
  return order.paidAt !== null && order.statusName !== 'cancelled' && parseMoney(order.refundableAmount) > 0n;
}

/** The actions column's width: "Details" and the refund's button, one above the other when they do not fit. */
const ACTIONS_WIDTH = 170;

/** /admin/orders: every order by tab and number, detail drawer and the platform's manual refund. */
export default function AdminOrdersPage() {
  const { t } = useTranslation(['orders', 'common', 'cart']);
  const state = useOrderListState();
  const [openNo, setOpenNo] = useState<string | null>(null);
  const refundDialog = useClosingDialog<TAdminOrder>();
  const orders = useAdminOrders({
    tab: state.tab,
    pageNum: state.pageNum,
    orderNo: state.orderNo,
    ...state.sort,
  });
  return (
    <>
      <ConsolePageHead title={t('admin.title')} />
      <Card>
        <OrdersTable<TAdminOrder>
          state={state}
          searchLabel={t('admin.search')}
          rows={orders.data?.pageList ?? []}
          total={orders.data?.total ?? 0}
          isFetching={orders.isFetching}
          query={orders}
          scrollX={900}
          // The console's denser cells: at the default padding the German columns needed 1080 px of a 970 px box.
          size="middle"
          actionsWidth={ACTIONS_WIDTH}
          statusExtra={(o) => (o.refundApproval ? <RefundWaitingTag /> : null)}
          columns={[
            {
              title: t('admin.buyer'),
              key: 'buyer',
              render: (_, o) => <span dir="ltr">{o.buyer.usercode}</span>,
            },
            { title: t('detail.seller'), key: 'seller', render: (_, o) => <bdi>{o.seller.name}</bdi> },
          ]}
          moneyColumns={[
            {
              title: t('detail.paidAmount'),
              key: 'paid',
              align: 'end',
              render: (_, o) => <MoneyText isPrice value={o.paidAmount} />,
            },
          ]}
          actions={(o) => (
            <Space size={0} wrap>
              <Button type="link" onClick={() => setOpenNo(o.orderNo)}>
                {t('list.details')}
              </Button>
              {isRefundable(o) && <RefundAction order={o} onOpen={() => refundDialog.open(o)} />}
            </Space>
          )}
        />
        <AdminOrderDrawer orderNo={openNo} onClose={() => setOpenNo(null)} />
        {refundDialog.value && <ManualRefundModal order={refundDialog.value} {...refundDialog.props} />}
      </Card>
    </>
  );
}
