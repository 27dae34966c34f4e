import { parseMoney, REVIEW_IMAGES_MAX, returnReasonCodesFor, ZRefundOrderRequest } from '@caravan/contracts';
import { Alert, Button, Card, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderNumber } from '../../../components/order/order-number';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { parseFormValues } from '../../../lib/form';
import { formatUsdt } from '../../../lib/format-money';
import { revealFirstError } from '../../../lib/reveal-error';
import { refundOrder } from '../api/order-actions';
import { readUploadedUrls } from '../components/image-uploader';
import { ImagesFormItem, OrderLoadState, useOrderRequestForm } from '../components/order-request-form';
import '../../../components/order/order.css';
import { withColon } from '../../../lib/format';

const CRUMBS = [
  { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
  { labelKey: 'routes.myOrder', to: '/userInfo/my-order' },
];

function isAmountWithin(value: string, max: string): boolean {
  try {
    return parseMoney(value) <= parseMoney(max);
  } catch {
    return true;
  }
}

/** /userInfo/order-return?orderNo=: one of 9 reasons (before shipping only the 3 that fit), an amount up to what was paid, proof images. */
export default function OrderReturnPage() {
  const { t } = useTranslation(['orders', 'validation', 'common', 'errors']);
  const { orderNo, order, form, files, setFiles, isUploading, isSending, send } = useOrderRequestForm();
  const [modal, modalHolder] = Modal.useModal();
  const info = order.data;
  const status = info?.statusName;
  // Before shipping a refund cancels the order and returns everything paid (the server refuses a part).
  const isBeforeShipping = status === 'paid' || status === 'confirmed';
  const isAllowed =
    info !== undefined &&
    info.refundStatus !== 'refunding' &&
    info.refundStatus !== 'success' &&
    (status === 'paid' ||
      status === 'confirmed' ||
      ((status === 'received' || status === 'reviewed') && info.canReturnUntil !== null));

  const submit = () => {
    if (!info || isUploading) {
      return;
    }
    const values = form.getFieldsValue();
    const body = parseFormValues(
      form,
      ZRefundOrderRequest,
      { ...values, amount: String(values.amount ?? '').trim(), images: readUploadedUrls(files) },
      t,
    );
    if (!body) {
      return;
    }
    if (!isAmountWithin(body.amount, info.paidAmount)) {
      form.setFields([
        { name: 'amount', errors: [t('refundForm.amountTooHigh', { max: formatUsdt(info.paidAmount) })] },
      ]);
      revealFirstError(form);
      return;
    }
    modal.confirm({
      title: t('refundForm.confirmTitle', { amount: formatUsdt(body.amount) }),
      content: t('refundForm.confirmBody'),
      okText: t('refundForm.submit'),
      cancelText: t('common:actions.cancel'),
      onOk: () => send((sentOrderNo) => refundOrder(sentOrderNo, body), t('messages.refundRequested')),
    });
  };

  return (
    <PageFrame titleKey="routes.orderReturn" crumbs={CRUMBS}>
      {modalHolder}
      <OrderLoadState orderNo={orderNo} query={order} />
      {info && !isAllowed && <Alert type="warning" showIcon title={t('refundForm.notAllowed')} />}
      {info && isAllowed && (
        <Card className="cv-form-card" style={{ maxWidth: 720 }}>
          {/* Two facts, each value isolated; the "·" between them is drawn by .cv-order-facts, so a phone's
              line wraps between the facts and neither ends nor starts with it. */}
          <dl className="cv-order-facts">
            <div>
              <dt>{withColon(t('detail.orderNo'))}</dt>{' '}
              <dd>
                <OrderNumber orderNo={info.orderNo} />
              </dd>
            </div>
            <div>
              <dt>{withColon(t('detail.paidAmount'))}</dt>{' '}
              <dd>
                <MoneyText isPrice value={info.paidAmount} />
              </dd>
            </div>
          </dl>
          <AppForm
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            initialValues={{ amount: info.paidAmount }}
          >
            <Form.Item name="reason" label={t('refundForm.reason')}>
              <Select
                placeholder={t('refundForm.reasonPlaceholder')}
                options={returnReasonCodesFor(isBeforeShipping).map((code) => ({
                  value: code,
                  label: t(`returnReasons.${code}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('refundForm.amount')}
              extra={t(isBeforeShipping ? 'refundForm.wholeBeforeShipping' : 'refundForm.amountHint', {
                max: formatUsdt(info.paidAmount),
              })}
            >
              <AmountInput readOnly={isBeforeShipping} />
            </Form.Item>
            <Form.Item name="description" label={t('refundForm.description')}>
              <LimitedTextArea rows={3} limit={1000} />
            </Form.Item>
            <ImagesFormItem
              label={t('refundForm.images')}
              hint={t('refundForm.imagesHint', { max: REVIEW_IMAGES_MAX })}
              max={REVIEW_IMAGES_MAX}
              moduleName="refund"
              files={files}
              onChange={setFiles}
            />
            <Button type="primary" htmlType="submit" loading={isSending} disabled={isUploading}>
              {t('refundForm.submit')}
            </Button>
          </AppForm>
        </Card>
      )}
    </PageFrame>
  );
}
