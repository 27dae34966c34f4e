import { COUPON_KIND_NAMES, type TCreateCampaignRequest, ZCreateCampaignRequest } from '@caravan/contracts';
import { Button, DatePicker, Form, Input, Radio, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { NumberInput } from '../../../components/ui/number-input';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { withTimeZone } from '../../../lib/format';

type TCampaignValues = {
  name?: string;
  claimCode?: string;
  kind?: TCreateCampaignRequest['kind'];
  amountOff?: string;
  percentOff?: number | null;
  minSpend?: string;
  validFrom?: Dayjs | null;
  validUntil?: Dayjs | null;
  validDays?: number | null;
  perUserLimit?: number | null;
  stock?: number | null;
  isWelcome?: boolean;
};

const blankToUndefined = <T,>(value: T | null | undefined | ''): T | undefined =>
  value === null || value === '' ? undefined : value;

/** The form's values as the API's request: empty optional fields left out, dates as ISO times. */
export function toCampaignRequest(values: TCampaignValues): Record<string, unknown> {
  const kind = values.kind ?? 'amount';
  const request: Record<string, unknown> = {
    name: values.name ?? '',
    claimCode: blankToUndefined(values.claimCode?.trim()),
    kind,
    amountOff: kind === 'amount' ? blankToUndefined(values.amountOff?.trim()) : undefined,
    percentOff: kind === 'percent' ? blankToUndefined(values.percentOff) : undefined,
    minSpend: values.minSpend?.trim() ?? '',
    validFrom: values.validFrom ? values.validFrom.toISOString() : undefined,
    validUntil: values.validUntil ? values.validUntil.toISOString() : '',
    validDays: blankToUndefined(values.validDays),
    perUserLimit: values.perUserLimit ?? '',
    stock: blankToUndefined(values.stock),
    isWelcome: values.isWelcome ?? false,
  };
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
}

/**
 * New coupon campaign: amount or percentage off, minimum spend, validity, per-user limit and stock. Checked
 * with the contract's rules before sending; the server's field errors (a taken claim code) land beside
 * their fields.
 */
export function CampaignForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (request: TCreateCampaignRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['services', 'common', 'validation']);
  const [form] = Form.useForm<TCampaignValues>();
  const [isBusy, setIsBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'amount';
  const submit = async (values: TCampaignValues) => {
    const request = parseFormValues(form, ZCreateCampaignRequest, toCampaignRequest(values), t);
    if (!request) {
      return;
    }
    setIsBusy(true);
    try {
      await onSubmit(request);
      form.resetFields();
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AppForm<TCampaignValues>
      form={form}
      layout="vertical"
      initialValues={{ kind: 'amount', perUserLimit: 1, isWelcome: false }}
      onFinish={submit}
    >
      <Form.Item name="name" label={t('campaigns.name')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t('campaigns.kind')}>
        <Radio.Group
          optionType="button"
          options={COUPON_KIND_NAMES.map((value) => ({ value, label: t(`campaigns.kinds.${value}`) }))}
        />
      </Form.Item>
      {kind === 'amount' ? (
        <Form.Item name="amountOff" label={t('campaigns.amountOff')}>
          <AmountInput />
        </Form.Item>
      ) : (
        <Form.Item name="percentOff" label={t('campaigns.percentOff')}>
          <NumberInput dir="ltr" suffix="%" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="minSpend" label={t('campaigns.minSpend')}>
        <AmountInput />
      </Form.Item>
      <Form.Item
        name="validFrom"
        label={withTimeZone(t('campaigns.validFrom'))}
        extra={t('campaigns.validFromHint')}
      >
        <DatePicker showTime style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="validUntil" label={withTimeZone(t('campaigns.validUntil'))}>
        <DatePicker showTime style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="validDays" label={t('campaigns.validDays')} extra={t('campaigns.validDaysHint')}>
        <NumberInput dir="ltr" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="perUserLimit" label={t('campaigns.perUserLimit')}>
        <NumberInput dir="ltr" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="stock" label={t('campaigns.stock')} extra={t('campaigns.stockHint')}>
        <NumberInput dir="ltr" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="claimCode" label={t('campaigns.claimCode')} extra={t('campaigns.claimCodeHint')}>
        <Input dir="ltr" maxLength={32} style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <Form.Item name="isWelcome" label={t('campaigns.isWelcome')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={isBusy}>
          {t('campaigns.create')}
        </Button>
      </div>
    </AppForm>
  );
}
