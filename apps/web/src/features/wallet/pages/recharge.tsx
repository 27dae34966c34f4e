import {
  CHANNEL_KINDS,
  isDecimalAbove,
  isMoneyString,
  parseMoney,
  RECHARGE_FAILURE_REDIRECT_MS,
  type TChannelKind,
  type TCreateRechargeRequest,
  type TWalletChannel,
  ZCreateRechargeRequest,
  zRechargeAmount,
} from '@caravan/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { LoadError } from '../../../components/ui/load-error';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { isApiError } from '../../../lib/api';
import { parseFormValues, zodRule } from '../../../lib/form';
import { revealFirstError } from '../../../lib/reveal-error';
import { toast } from '../../../lib/toast';
import { useWalletBalance } from '../../../lib/wallet-balance';
import { useCreateRecharge } from '../api/create-recharge';
import { useWalletChannels } from '../api/list-channels';
import { CertificateUpload } from '../components/certificate-upload';
import { isWithinChannelLimits, quoteRechargeWithinLimits } from '../components/recharge-quote';
import { UnfinishedNotice } from '../components/unfinished-notice';
import '../wallet.css';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { asciiDigitsOf } from '../../../lib/ascii-digits';
import { isAmountUnreadable } from '../../../lib/normalise-amount';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const CRUMBS = [
  { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
  { labelKey: 'routes.moneyPackage', to: '/userInfo/money-package' },
];
const FORM_FIELDS = new Set(['amount', 'txHash', 'bankName', 'cardNumber']);

type TFormValues = {
  amount?: string;
  txHash?: string;
  certificateUrl?: string;
  bankName?: string;
  cardNumber?: string;
};

function MethodPicker({
  channels,
  selected,
  onSelect,
}: {
  channels: TWalletChannel[];
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation(['wallet', 'errors']);
  return (
    <>
      {CHANNEL_KINDS.map((kind: TChannelKind) => {
        const group = channels.filter((channel) => channel.kind === kind);
        if (group.length === 0) {
          return null;
        }
        return (
          <section key={kind} aria-labelledby={`cv-method-${kind}`}>
            <h2 id={`cv-method-${kind}`} className="cv-wallet-group-title">
              {t(`kind.${kind}`)}
            </h2>
            <div className="cv-wallet-methods">
              {group.map((channel) => (
                <button
                  key={channel.code}
                  type="button"
                  aria-pressed={selected === channel.code}
                  disabled={!channel.isAvailable}
                  className={`cv-wallet-method${selected === channel.code ? ' is-selected' : ''}`}
                  onClick={() => onSelect(channel.code)}
                >
                  <span className="cv-wallet-method__name" dir="auto">
                    {channel.name}
                  </span>
                  {channel.isAvailable ? (
                    <span className="cv-wallet-method__hint" dir="ltr">
                      {channel.network ? `${channel.currency} · ${channel.network}` : channel.currency}
                    </span>
                  ) : (
                    <span className="cv-wallet-method__closed">{t('recharge.notOpenInRegion')}</span>
                  )}
                </button>
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}

function DepositAddress({ channel }: { channel: TWalletChannel }) {
  const { t } = useTranslation(['wallet', 'common', 'errors']);
  if (!channel.depositAddress || !channel.depositUri) {
    return null;
  }
  return (
    <div className="cv-wallet-deposit">
      <div className="cv-wallet-deposit__qr">
        <QRCodeSVG
          value={channel.depositUri}
          size={148}
          title={t('recharge.qrTitle', { name: channel.name })}
        />
      </div>
      <div className="cv-wallet-deposit__text">
        <div className="cv-muted">
          {t('recharge.depositAddress', { network: channel.network ?? channel.code })}
        </div>
        <Typography.Text
          className="cv-wallet-deposit__address"
          dir="ltr"
          data-testid="deposit-address"
          copyable={{
            text: channel.depositAddress,
            tooltips: [t('common:actions.copy'), t('common:actions.copied')],
          }}
        >
          {channel.depositAddress}
        </Typography.Text>
        <div className="cv-muted">{t('recharge.depositHint', { currency: channel.currency })}</div>
        {channel.currency !== 'USDT' && (
          <div>
            {t('recharge.currentRate')}{' '}
            <strong dir="ltr">
              1 {channel.currency} = <MoneyText value={channel.rateToUsdt} />
            </strong>
          </div>
        )}
      </div>
    </div>
  );
}

function RechargeForm({ channel, isBlocked }: { channel: TWalletChannel; isBlocked: boolean }) {
  const { t } = useTranslation(['wallet', 'validation', 'common', 'errors']);
  const navigate = useNavigate();
  const [form] = Form.useForm<TFormValues>();
  const amount = Form.useWatch('amount', form);
  const [isUploading, setIsUploading] = useState(false);
  const [pending, setPending] = useState<TCreateRechargeRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const createRecharge = useCreateRecharge();
  const dialogFocus = useDialogFocus(pending !== null);
  const quote = quoteRechargeWithinLimits(channel, amount);
  const isChain = channel.kind === 'blockchain';
  const isBank = channel.kind === 'bank';
  const unit = channel.currency;

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const review = (values: TFormValues) => {
    const body = parseFormValues(
      form,
      ZCreateRechargeRequest,
      {
        channelCode: channel.code,
        amount: values.amount ?? '',
        ...(values.txHash?.trim() ? { txHash: values.txHash } : {}),
        ...(values.certificateUrl ? { certificateUrl: values.certificateUrl } : {}),
        ...(isBank ? { bankName: values.bankName ?? '', cardNumber: values.cardNumber ?? '' } : {}),
      },
      t,
    );
    if (body) {
      setPending(body);
    }
  };

  const submit = useOneAtATime(async () => {
    if (!pending) {
      return;
    }
    try {
      await createRecharge.mutateAsync(pending);
      setPending(null);
      toast.success(t('recharge.submitted'));
      await navigate('/userInfo/money-package?tab=recharges&page=1');
    } catch (error) {
      setPending(null);
      const fields = isApiError(error) ? error.fieldErrors.filter((f) => FORM_FIELDS.has(f.field)) : [];
      if (fields.length > 0) {
        form.setFields(fields.map((f) => ({ name: f.field as keyof TFormValues, errors: [f.message] })));
        revealFirstError(form);
        return;
      }
      const message = isApiError(error) ? error.message : t('common:errors.generic');
      toast.error(message);
      setFailure(message);
      redirectTimer.current = setTimeout(() => {
        void navigate('/userInfo/money-package');
      }, RECHARGE_FAILURE_REDIRECT_MS);
    }
  });

  if (failure) {
    return <Result status="error" title={failure} subTitle={t('recharge.returning')} />;
  }

  const arrival = dayjs().add(channel.arrivalMinutes, 'minute').format('YYYY-MM-DD HH:mm:ss');
  return (
    <AppForm form={form} layout="vertical" requiredMark={false} onFinish={review} className="cv-form-card">
      {isChain && <DepositAddress channel={channel} />}
      <Form.Item
        name="amount"
        label={t('recharge.amount', { unit })}
        extra={t('recharge.limits', {
          min: formatAmount(channel.minAmount),
          max: formatAmount(channel.maxAmount),
          unit,
        })}
        // The range first: 23 digits are above the largest recharge, not "at most 2 decimals".
        validateFirst
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (isAmountUnreadable(value)) {
                throw new Error(t('common:amountFormat'));
              }
            },
          },
          {
            validator: async (_rule, value: string | undefined) => {
              // The channel's range for an empty field and for any figure outside it, whatever its decimals: "0.5"
              // under a minimum of 50 was told "at least 1" (QA), 23 digits "at most 2 decimals".
              const amount = value?.trim() ?? '';
              const isFigure = /^\d+(\.\d+)?$/.test(amount);
              const isOutsideLimits =
                isFigure &&
                (isDecimalAbove(amount, Math.floor(Number(channel.maxAmount))) ||
                  (isMoneyString(amount) && parseMoney(amount) < parseMoney(channel.minAmount)) ||
                  (zRechargeAmount.safeParse(amount).success && !isWithinChannelLimits(channel, amount)));
              if (amount === '' || isOutsideLimits) {
                throw new Error(
                  t('recharge.outOfLimits', {
                    min: formatAmount(channel.minAmount),
                    max: formatAmount(channel.maxAmount),
                    unit,
                  }),
                );
              }
            },
          },
          zodRule(zRechargeAmount, t),
        ]}
      >
        <AmountInput unit={unit} />
      </Form.Item>
      {isBank && (
        <>
          <Form.Item name="bankName" label={t('recharge.bankName')}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name="cardNumber" label={t('recharge.cardNumber')} normalize={asciiDigitsOf}>
            <Input inputMode="numeric" maxLength={30} autoComplete="off" dir="ltr" />
          </Form.Item>
        </>
      )}
      {isChain && (
        <Form.Item
          name="txHash"
          label={t('recharge.txHash')}
          extra={t('recharge.txHashHint')}
          // Either proof will do, so the certificate coming or going decides this field's error too.
          dependencies={['certificateUrl']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (!value?.trim() && !getFieldValue('certificateUrl')) {
                  throw new Error(t('recharge.proofRequired'));
                }
              },
            }),
          ]}
        >
          <Input maxLength={66} autoComplete="off" dir="ltr" spellCheck={false} />
        </Form.Item>
      )}
      {(isChain || isBank) && (
        <Form.Item label={t('recharge.certificate')} extra={t('recharge.certificateHint')}>
          {/* A field of the form rather than page state: the hash's rule reads it and runs again when it changes. */}
          <Form.Item name="certificateUrl" noStyle>
            <CertificateUpload onBusyChange={setIsUploading} />
          </Form.Item>
        </Form.Item>
      )}
      <Descriptions
        bordered
        size="small"
        column={1}
        className="cv-wallet-summary"
        title={t('recharge.summary')}
        items={[
          {
            key: 'fee',
            label: t('records.fee'),
            children: quote ? <MoneyText value={quote.fee} unit={unit} /> : '--',
          },
          ...(unit !== 'USDT'
            ? [
                {
                  key: 'rate',
                  label: t('recharge.currentRate'),
                  children: (
                    <span dir="ltr">
                      1 {unit} = <MoneyText value={channel.rateToUsdt} />
                    </span>
                  ),
                },
              ]
            : []),
          {
            key: 'actual',
            label: t('records.actualAmount'),
            children: quote ? <MoneyText value={quote.actualAmount} /> : '--',
          },
          {
            key: 'arrival',
            label: t('recharge.expectedArrival'),
            children: t('recharge.arrivalAfterReview', { time: arrival }),
          },
        ]}
      />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        disabled={isBlocked || isUploading}
        loading={createRecharge.isPending}
      >
        {isUploading ? t('upload.waiting') : t('recharge.submit')}
      </Button>
      <Modal
        open={pending !== null}
        title={t('recharge.confirmTitle')}
        okText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onOk={submit}
        onCancel={() => setPending(null)}
        confirmLoading={createRecharge.isPending}
        okButtonProps={{ disabled: createRecharge.isPending, ...dialogFocus.target }}
        destroyOnHidden
        {...dialogFocus.modalProps}
      >
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'method', label: t('records.method'), children: channel.name },
            {
              key: 'amount',
              label: t('records.amount'),
              children: <MoneyText value={pending?.amount} unit={unit} />,
            },
            {
              key: 'fee',
              label: t('records.fee'),
              children: quote ? <MoneyText value={quote.fee} unit={unit} /> : '--',
            },
            {
              key: 'actual',
              label: t('records.actualAmount'),
              children: quote ? <MoneyText value={quote.actualAmount} /> : '--',
            },
          ]}
        />
        <p className="cv-muted">{t('recharge.confirmBody')}</p>
      </Modal>
    </AppForm>
  );
}

/** /userInfo/money-package/recharge: method first, then amount, proof and the costs before confirming. */
export default function RechargePage() {
  const { t } = useTranslation(['wallet', 'errors']);
  const channels = useWalletChannels();
  const wallet = useWalletBalance();
  const [selected, setSelected] = useState<string | null>(null);
  const channel = channels.data?.channels.find((c) => c.code === selected && c.isAvailable);
  const isBlocked = Boolean(wallet.data?.hasUnfinished);
  return (
    <PageFrame titleKey="routes.recharge" crumbs={CRUMBS}>
      {isBlocked && <UnfinishedNotice />}
      <Card className="cv-wallet-card">
        <h2 className="cv-wallet-group-title">{t('recharge.chooseMethod')}</h2>
        {channels.isLoading ? (
          <Skeleton active />
        ) : channels.isError ? (
          <LoadError onRetry={() => void channels.refetch()} />
        ) : channels.data && channels.data.channels.length > 0 ? (
          <MethodPicker channels={channels.data.channels} selected={selected} onSelect={setSelected} />
        ) : (
          <Alert type="info" showIcon title={t('recharge.noMethods')} />
        )}
      </Card>
      {channel ? (
        <Card className="cv-wallet-card" title={channel.name}>
          <RechargeForm key={channel.code} channel={channel} isBlocked={isBlocked} />
        </Card>
      ) : (
        channels.data && <p className="cv-muted">{t('recharge.chooseFirst')}</p>
      )}
    </PageFrame>
  );
}
