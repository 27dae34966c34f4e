import {
  PAYMENT_METHODS,
  parseMoney,
  type TPaymentMethod,
  type TPayOrdersResponse,
  ZPayOrdersRequest,
} from '@caravan/contracts';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, isApiError } from '../../lib/api';
import { parseFormValues, showSubmitError } from '../../lib/form';
import { formatUsdt } from '../../lib/format-money';
import { runIntent } from '../../lib/intent';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useWalletBalance } from '../../lib/wallet-balance';
import { AppForm } from '../ui/app-form';
import { DateTimeInSentence } from '../ui/date-time-text';
import { MoneyText } from '../ui/money-text';
import { ForgotTxPasswordLink, txPasswordPath } from '../ui/tx-password-link';
import './order.css';
import { asciiDigitsOf } from '../../lib/ascii-digits';

const RECHARGE_PATH = '/userInfo/money-package/recharge';

/**
 * Setting the transaction password, then back to these orders to pay them: the checkout they were placed from
 * is empty once they are placed, so the way back is the order (or the unpaid orders).
 */
/** Where the orders being paid are read again, after setting the transaction password. */
function ordersPathOf(orderNos: string[]): string {
  return orderNos.length === 1
    ? `/userInfo/order-detail?orderNo=${encodeURIComponent(orderNos[0]!)}`
    : '/userInfo/my-order?tab=pending';
}

type TPayOrdersModalProps = {
  isOpen: boolean;
  orderNos: string[];
  total: string;
  /** Methods open in the buyer's region; the others are listed as not open. */
  openMethods?: TPaymentMethod[];
  onClose: () => void;
  /** Once the dialog has closed (useClosingDialog unmounts it then). */
  afterClose?: () => void;
  onPaid: (result: TPayOrdersResponse) => void;
  /** When the orders are cancelled if still unpaid (the earliest of them). */
  payBefore?: string | null;
  /** The orders can no longer be paid (cancelled meanwhile): the caller shows them afresh. */
  onNotPayable?: () => void;
};

/**
 * Pays placed orders with the wallet balance after the 6-digit transaction password. The amount is shown
 * before the button (DESIGN.md), the button is disabled while the request runs, an insufficient balance
 * links to the recharge page.
 */
export function PayOrdersModal({
  isOpen,
  orderNos,
  total,
  openMethods = ['balance'],
  onClose,
  afterClose,
  onPaid,
  payBefore = null,
  onNotPayable,
}: TPayOrdersModalProps) {
  const { t } = useTranslation(['cart', 'validation', 'common']);
  const [form] = Form.useForm();
  const { userInfo } = useSession();
  const [isPaying, setIsPaying] = useState(false);
  const [isShort, setIsShort] = useState(false);
  const hasTxPassword = userInfo?.hasTxPassword !== false;
  // Said before the password is typed: the buyer had learnt of a short balance only from the refused payment.
  const balance = useWalletBalance({ isEnabled: isOpen });
  const available = balance.data?.available;
  const isKnownShort = available !== undefined && parseMoney(available) < parseMoney(total);

  useEffect(() => {
    if (isOpen) {
      form.resetFields();
      setIsShort(false);
    }
  }, [isOpen, form]);

  const pay = async () => {
    const body = parseFormValues(
      form,
      ZPayOrdersRequest,
      { orderNos, txPassword: form.getFieldValue('txPassword') ?? '', method: 'balance' },
      t,
    );
    if (!body) {
      return;
    }
    setIsPaying(true);
    setIsShort(false);
    try {
      onPaid(
        await runIntent('pay-orders', body, ({ key }) =>
          api.post<TPayOrdersResponse>('/orders/pay', body, { idempotencyKey: key }),
        ),
      );
    } catch (error) {
      if (isApiError(error) && error.code === 'INSUFFICIENT_BALANCE') {
        setIsShort(true);
        void balance.refetch();
      } else if (isApiError(error) && error.code === 'ORDER_STATUS_INVALID') {
        // Paid in another tab, or cancelled while the dialog was open (by hand in another tab, or its payment time ran
        // out): said plainly, then closed; the page behind shows the order as it is now.
        if (error.details.isAlreadyPaid === true) {
          toast.info(t('pay.alreadyPaid'));
        } else {
          toast.error(t('pay.notPayable'));
        }
        onClose();
        onNotPayable?.();
      } else {
        showSubmitError(form, error, t);
      }
    } finally {
      setIsPaying(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      afterClose={afterClose}
      title={t('pay.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('pay.payNow', { amount: formatUsdt(total) })}
      cancelText={t('pay.later')}
      okButtonProps={{ loading: isPaying, disabled: !hasTxPassword }}
      cancelButtonProps={{ disabled: isPaying }}
      mask={{ closable: !isPaying }}
      destroyOnHidden
    >
      <dl className="cv-amounts" style={{ maxWidth: 'none' }}>
        <div className="cv-amounts__row">
          <dt>{t('pay.orders')}</dt>
          <dd dir="ltr">{orderNos.join(', ')}</dd>
        </div>
        <div className="cv-amounts__row cv-amounts__row--total">
          <dt>{t('pay.amount')}</dt>
          <dd>
            <MoneyText value={total} isStrong />
          </dd>
        </div>
        {available !== undefined && (
          <div className="cv-amounts__row" data-testid="pay-available">
            <dt>{t('pay.available')}</dt>
            <dd>
              <MoneyText value={available} />
            </dd>
          </div>
        )}
      </dl>
      {payBefore && (
        <p className="cv-muted" data-testid="pay-before">
          <DateTimeInSentence value={payBefore} sentence={(time) => t('pay.payBefore', { time })} />
        </p>
      )}
      <AppForm
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={pay}
        style={{ marginBlockStart: 16 }}
      >
        <Form.Item label={t('pay.method')}>
          <Radio.Group value="balance" className="cv-pay-methods">
            {PAYMENT_METHODS.map((method) => {
              const isOpenHere = method === 'balance' && openMethods.includes(method);
              return (
                <Radio key={method} value={method} disabled={!isOpenHere}>
                  {t(`pay.methods.${method}`)}
                  {!isOpenHere && <span className="cv-muted"> · {t('pay.notOpen')}</span>}
                </Radio>
              );
            })}
          </Radio.Group>
        </Form.Item>
        {hasTxPassword ? (
          <Form.Item
            name="txPassword"
            label={t('pay.txPassword')}
            normalize={asciiDigitsOf}
            extra={
              <>
                <div>{t('pay.txPasswordHint')}</div>
                <ForgotTxPasswordLink returnTo={ordersPathOf(orderNos)} />
              </>
            }
          >
            <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" autoFocus />
          </Form.Item>
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('pay.noTxPassword')}
            action={<Link to={txPasswordPath(ordersPathOf(orderNos))}>{t('pay.setTxPassword')}</Link>}
          />
        )}
        {(isShort || isKnownShort) && (
          <Alert
            type="error"
            showIcon
            title={t('pay.insufficient')}
            action={<Link to={RECHARGE_PATH}>{t('pay.recharge')}</Link>}
          />
        )}
      </AppForm>
    </Modal>
  );
}
