import {
  isAmountAtLeast,
  type TWithdrawNetwork,
  WITHDRAW_NETWORKS,
  ZBindWithdrawAddressForm,
  ZCreateWithdrawalRequest,
  zTxPassword,
} from '@caravan/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { ButtonLink } from '../../../components/ui/button-link';
import { LoadError } from '../../../components/ui/load-error';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { ForgotTxPasswordLink, txPasswordPath } from '../../../components/ui/tx-password-link';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { isApiError } from '../../../lib/api';
import { parseFormValues, showSubmitError, zodRule } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useWalletBalance } from '../../../lib/wallet-balance';
import { useBindWithdrawAddress } from '../api/bind-withdraw-address';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useCurrentUser } from '../api/get-current-user';
import { useWithdrawAddress } from '../api/get-withdraw-address';
import { useWithdrawFee, useWithdrawLimits } from '../api/get-withdraw-fee';
import { UnfinishedNotice } from '../components/unfinished-notice';
import { checkWithdrawAmount } from '../lib/check-withdraw-amount';
import '../wallet.css';
import { asciiDigitsOf } from '../../../lib/ascii-digits';
import { isolateLtr } from '../../../lib/bidi';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const CRUMBS = [
  { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
  { labelKey: 'routes.moneyPackage', to: '/userInfo/money-package' },
];

const WITHDRAW_PATH = '/userInfo/money-package/withdraw';

/** Worth asking the fee for: withdrawals are in cents (the contract refuses more decimals). */
function isPositiveAmount(value: string | undefined): value is string {
  return Boolean(value) && isAmountAtLeast(value ?? '', 2, '0.01');
}

/** Valid form values wait in `pending` while a modal asks the buyer to confirm them. */
function usePendingConfirmation<TBody>() {
  const [pending, setPending] = useState<TBody | null>(null);
  // The dialog opens on its Confirm button, not on its close (×) button.
  const dialogFocus = useDialogFocus(pending !== null);
  const holdForConfirmation = (body: TBody | null) => {
    if (body) {
      setPending(body);
    }
  };
  return { pending, setPending, holdForConfirmation, dialogFocus };
}

function AddressText({ address }: { address: { network: string; address: string } }) {
  return (
    <span dir="ltr" style={{ wordBreak: 'break-all' }}>
      {address.network} · {address.address}
    </span>
  );
}

/** Bind the one withdrawal address (checked by the server for the network's format); it cannot change later. */
function BindAddressForm() {
  const { t } = useTranslation(['wallet', 'validation', 'common']);
  const [form] = Form.useForm<{ network?: TWithdrawNetwork; address?: string }>();
  const bind = useBindWithdrawAddress();
  const { pending, setPending, holdForConfirmation, dialogFocus } = usePendingConfirmation<{
    network: TWithdrawNetwork;
    address: string;
  }>();
  const review = (values: { network?: TWithdrawNetwork; address?: string }) =>
    holdForConfirmation(parseFormValues(form, ZBindWithdrawAddressForm, values, t));
  const submit = useOneAtATime(async () => {
    if (!pending) {
      return;
    }
    try {
      await bind.mutateAsync(pending);
      toast.success(t('withdraw.bound'));
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setPending(null);
    }
  });
  return (
    <AppForm form={form} layout="vertical" requiredMark={false} onFinish={review} className="cv-form-card">
      <p className="cv-muted">{t('withdraw.bindIntro')}</p>
      <Form.Item name="network" label={t('withdraw.network')}>
        <Select
          // Typing a network's name ("ERC") picks it from the keyboard; without a search Enter took the first one.
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('withdraw.chooseNetwork')}
          options={WITHDRAW_NETWORKS.map((network) => ({ value: network, label: network }))}
        />
      </Form.Item>
      <Form.Item name="address" label={t('withdraw.address')}>
        <Input maxLength={128} autoComplete="off" dir="ltr" spellCheck={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={bind.isPending}>
        {t('withdraw.bind')}
      </Button>
      <Modal
        open={pending !== null}
        title={t('withdraw.bindConfirmTitle')}
        okText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onOk={submit}
        onCancel={() => setPending(null)}
        confirmLoading={bind.isPending}
        okButtonProps={{ ...dialogFocus.target }}
        destroyOnHidden
        {...dialogFocus.modalProps}
      >
        <p>{t('withdraw.bindConfirmBody')}</p>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'network', label: t('withdraw.network'), children: pending?.network },
            {
              key: 'address',
              label: t('withdraw.address'),
              children: (
                <span dir="ltr" style={{ wordBreak: 'break-all' }}>
                  {pending?.address}
                </span>
              ),
            },
          ]}
        />
      </Modal>
    </AppForm>
  );
}

type TWithdrawValues = { amount?: string; txPassword?: string };

function WithdrawForm({
  address,
  isBlocked,
  hasTxPassword,
  available,
}: {
  address: { network: string; address: string };
  isBlocked: boolean;
  hasTxPassword: boolean;
  available: string | undefined;
}) {
  const { t } = useTranslation(['wallet', 'validation', 'errors', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<TWithdrawValues>();
  const amount = Form.useWatch('amount', form)?.trim();
  const deferredAmount = useDeferredValue(amount);
  const isAmountValid = isPositiveAmount(deferredAmount);
  // The limits come on their own when the page opens, so the first amount typed is checked against them (the fee
  // quote refuses an amount outside them).
  const limitsOnOpen = useWithdrawLimits();
  // Only an amount within the limits is quoted: the quote of one below the minimum was a refused request (400) on
  // every key typed, an error in the browser's console, for what the field already says.
  const isQuotable =
    isAmountValid &&
    checkWithdrawAmount(deferredAmount, {
      minAmount: limitsOnOpen.data?.minAmount,
      maxAmount: limitsOnOpen.data?.maxAmount,
    }) === null;
  const fee = useWithdrawFee(deferredAmount ?? '', isQuotable);
  const limits = fee.data ?? limitsOnOpen.data;
  // A fee and an amount to receive only for an amount that can be withdrawn: above the largest withdrawal or the
  // balance, "you receive 99,998.00" beside the refusal promised what never happens.
  const isWithdrawable =
    isAmountValid &&
    checkWithdrawAmount(deferredAmount, {
      available,
      minAmount: limits?.minAmount,
      maxAmount: limits?.maxAmount,
    }) === null;
  const quote = isWithdrawable ? fee.data : undefined;
  const createWithdrawal = useCreateWithdrawal();
  const { pending, setPending, holdForConfirmation, dialogFocus } = usePendingConfirmation<{
    amount: string;
    txPassword: string;
  }>();

  const review = (values: TWithdrawValues) =>
    holdForConfirmation(
      parseFormValues(
        form,
        ZCreateWithdrawalRequest.omit({ sessionToken: true }),
        { amount: values.amount ?? '', txPassword: values.txPassword ?? '' },
        t,
      ),
    );
  const submit = useOneAtATime(async () => {
    if (!pending) {
      return;
    }
    try {
      await createWithdrawal.mutateAsync(pending);
      setPending(null);
      toast.success(t('withdraw.submitted'));
      form.resetFields();
      await navigate('/userInfo/money-package?tab=withdrawals&page=1');
    } catch (error) {
      setPending(null);
      showSubmitError(form, error, t);
    }
  });
  const pendingQuote =
    pending && quote && formatAmount(quote.amount) === formatAmount(pending.amount) ? quote : undefined;
  // Confirm is disabled until the fee quote has come: then it takes the focus the dialog opened with.
  const hasPendingQuote = pendingQuote !== undefined;
  useEffect(() => {
    if (hasPendingQuote) {
      dialogFocus.focusIfOnClose();
    }
  }, [hasPendingQuote, dialogFocus]);
  return (
    <AppForm form={form} layout="vertical" requiredMark={false} onFinish={review} className="cv-form-card">
      <Form.Item
        name="amount"
        label={t('withdraw.amount')}
        extra={
          <>
            {t('withdraw.available')} <MoneyText value={available} />
            {limits && (
              <div>
                {t('withdraw.limits', {
                  min: formatAmount(limits.minAmount),
                  max: formatAmount(limits.maxAmount),
                  used: limits.usedToday,
                  count: limits.dailyCount,
                  window: isolateLtr(limits.timeWindow),
                })}
              </div>
            )}
          </>
        }
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = checkWithdrawAmount(value, {
                available,
                minAmount: limits?.minAmount,
                maxAmount: limits?.maxAmount,
              });
              if (problem) {
                const { key, ...params } = problem;
                throw new Error(t(key, { ...params }));
              }
            },
          },
        ]}
      >
        <AmountInput />
      </Form.Item>
      {/* An amount the form already refuses says why beside the field; only a refusal the form did not foresee here. */}
      {isApiError(fee.error) && isWithdrawable && (
        <Alert type="error" showIcon className="cv-wallet-notice" title={fee.error.message} />
      )}
      <Descriptions
        bordered
        size="small"
        column={1}
        className="cv-wallet-summary"
        title={t('withdraw.summary')}
        items={[
          {
            key: 'address',
            label: t('withdraw.address'),
            children: <AddressText address={address} />,
          },
          {
            key: 'fee',
            label: t('records.fee'),
            children: quote ? <MoneyText value={quote.fee} /> : '--',
          },
          {
            key: 'actual',
            label: t('records.actualAmount'),
            children: quote ? <MoneyText value={quote.actualAmount} /> : '--',
          },
        ]}
      />
      {hasTxPassword ? (
        <Form.Item
          name="txPassword"
          label={t('withdraw.txPassword')}
          normalize={asciiDigitsOf}
          extra={<ForgotTxPasswordLink returnTo={WITHDRAW_PATH} />}
          rules={[zodRule(zTxPassword, t)]}
        >
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
        </Form.Item>
      ) : (
        <Alert
          type="warning"
          showIcon
          className="cv-wallet-notice"
          title={t('withdraw.noTxPassword')}
          action={
            <ButtonLink to={txPasswordPath(WITHDRAW_PATH)} size="small">
              {t('withdraw.setTxPassword')}
            </ButtonLink>
          }
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        disabled={isBlocked || !hasTxPassword || createWithdrawal.isPending}
        loading={createWithdrawal.isPending}
      >
        {t('withdraw.submit')}
      </Button>
      <Modal
        open={pending !== null}
        title={t('withdraw.confirmTitle')}
        okText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onOk={submit}
        onCancel={() => setPending(null)}
        confirmLoading={createWithdrawal.isPending}
        okButtonProps={{ disabled: !pendingQuote, ...dialogFocus.target }}
        destroyOnHidden
        {...dialogFocus.modalProps}
      >
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'amount',
              label: t('records.amount'),
              children: <MoneyText value={pending?.amount} />,
            },
            {
              key: 'fee',
              label: t('records.fee'),
              children: pendingQuote ? <MoneyText value={pendingQuote.fee} /> : '--',
            },
            {
              key: 'actual',
              label: t('records.actualAmount'),
              children: pendingQuote ? <MoneyText value={pendingQuote.actualAmount} /> : '--',
            },
            {
              key: 'address',
              label: t('withdraw.address'),
              children: <AddressText address={address} />,
            },
          ]}
        />
        <p className="cv-muted">{t('withdraw.confirmBody')}</p>
      </Modal>
    </AppForm>
  );
}

/** /userInfo/money-package/withdraw: the bound address, amount, fee and actual amount, transaction password. */
export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  const wallet = useWalletBalance();
  const bound = useWithdrawAddress();
  const me = useCurrentUser();
  const isBlocked = Boolean(wallet.data?.hasUnfinished);
  const address = bound.data?.address;
  return (
    <PageFrame titleKey="routes.withdraw" crumbs={CRUMBS}>
      {isBlocked && <UnfinishedNotice />}
      <Card className="cv-wallet-card" title={t('withdraw.addressTitle')}>
        {bound.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : bound.isError ? (
          <LoadError onRetry={() => void bound.refetch()} />
        ) : address ? (
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'network',
                label: t('withdraw.network'),
                children: <span dir="ltr">{address.network}</span>,
              },
              {
                key: 'address',
                label: t('withdraw.address'),
                children: (
                  <span dir="ltr" style={{ wordBreak: 'break-all' }} data-testid="bound-address">
                    {address.address}
                  </span>
                ),
              },
              { key: 'at', label: t('withdraw.boundAt'), children: formatDateTime(address.createdAt) },
            ]}
          />
        ) : (
          <BindAddressForm />
        )}
      </Card>
      {address && (
        <Card className="cv-wallet-card" title={t('withdraw.formTitle')}>
          {me.isLoading || wallet.isLoading ? (
            <Skeleton active />
          ) : me.isError || wallet.isError ? (
            <LoadError
              onRetry={() => {
                for (const failed of [me, wallet].filter((query) => query.isError)) {
                  void failed.refetch();
                }
              }}
            />
          ) : (
            <WithdrawForm
              address={address}
              isBlocked={isBlocked}
              hasTxPassword={Boolean(me.data?.hasTxPassword)}
              available={wallet.data?.available}
            />
          )}
        </Card>
      )}
    </PageFrame>
  );
}
