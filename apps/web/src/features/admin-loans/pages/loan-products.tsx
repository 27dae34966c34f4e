import {
  aprPercent,
  isMoneyString,
  LOAN_MAX_TERM_DAYS,
  LOAN_PRODUCT_KINDS,
  REPAYMENT_MODES,
  type TLoanProduct,
  type TLoanProductRequest,
  ZLoanProductRequest,
} from '@caravan/contracts';
import { Button, Checkbox, Form, Input, Modal, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { LoanProductName } from '../../../components/console/loan-product-name';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { DataTable } from '../../../components/ui/data-table';
import { MoneyText } from '../../../components/ui/money-text';
import { NumberInput } from '../../../components/ui/number-input';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { ratePercent } from '../../../lib/format-money';
import { percentText } from '../../../lib/percent';
import { toast } from '../../../lib/toast';
import { useAdminProducts, useSaveProduct } from '../api/admin-loans-api';

type TValues = Omit<TLoanProductRequest, 'termOptions'> & { termOptions: string };

function toValues(product: TLoanProduct | null): Partial<TValues> {
  if (!product) {
    return {
      kind: 'other',
      modes: [...REPAYMENT_MODES],
      isActive: true,
      cycleDays: 30,
      graceDays: 3,
      termOptions: '30,90,180',
    };
  }
  return { ...product, termOptions: product.termOptions.join(',') };
}

/** "30, 90,180" -> [30, 90, 180]; null when any entry is not a whole number of days within the loan term limit. */
export function parseTermOptions(text: string): number[] | null {
  const entries = text.split(',').map((entry) => entry.trim());
  const days = entries.map((entry) => (/^\d{1,3}$/.test(entry) ? Number(entry) : Number.NaN));
  return days.every((d) => d >= 1 && d <= LOAN_MAX_TERM_DAYS) ? days : null;
}

/** A daily rate typed as a fraction, when it is one: shown as a percentage beside the field. */
function readRate(rate: string | undefined): string | null {
  const value = rate?.trim() ?? '';
  return isMoneyString(value, 10) && !value.startsWith('-') ? value : null;
}

/** Loan products (loans.review): amounts, terms, rates, modes, cycle, penalty, grace, advanced verification above. */
export default function LoanProductsPage() {
  const { t, i18n } = useTranslation(['loans', 'common', 'validation']);
  const products = useAdminProducts();
  const save = useSaveProduct();
  const [editing, setEditing] = useState<TLoanProduct | null | undefined>(undefined);
  const [form] = Form.useForm<TValues>();
  const dailyRate = Form.useWatch('dailyRate', form);
  const penaltyDailyRate = Form.useWatch('penaltyDailyRate', form);
  // What the typed fraction means, so 0.05 (5 % a day) is not taken for 0.05 %.
  const dailyRateRead = readRate(dailyRate);
  const penaltyRateRead = readRate(penaltyDailyRate);
  const submit = async (values: TValues) => {
    // The contract's own checks (a rate of at most 10 % a day, amounts within the loan range, the maximum not below
    // the minimum) beside their fields before anything is sent; the terms' field rule has refused bad entries.
    const body = parseFormValues(
      form,
      ZLoanProductRequest,
      { ...values, termOptions: parseTermOptions(values.termOptions) ?? [] },
      t,
    );
    if (!body) {
      return;
    }
    try {
      await save.mutateAsync({ ...(editing ? { id: editing.id } : {}), body });
      toast.success(t('admin.done'));
      setEditing(undefined);
    } catch (error) {
      // A code another product has, or any field the server refuses, beside its field; the rest in a toast.
      showSubmitError(form, error, t);
    }
  };
  return (
    <section>
      <ConsolePageHead title={t('admin.productsTitle')} />
      <Button type="primary" onClick={() => setEditing(null)} style={{ marginBlockEnd: 12 }}>
        {t('admin.newProduct')}
      </Button>
      {products.isError && <LoadError message={t('loadError')} onRetry={() => void products.refetch()} />}
      <DataTable<TLoanProduct>
        rowKey="id"
        size="small"
        loading={products.isPending}
        dataSource={products.data?.products ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('empty') }}
        columns={[
          {
            key: 'code',
            title: t('fields.code'),
            dataIndex: 'code',
            // A long code wraps rather than run under the pinned actions column at 360 px.
            render: (v: string) => (
              <code dir="ltr" className="cv-table-code">
                {v}
              </code>
            ),
          },
          // The kind as the borrower reads it, with the staff's own name when it says more (QA consoles 6).
          {
            key: 'name',
            title: t('fields.name'),
            render: (_, p) => <LoanProductName kind={p.kind} name={p.name} />,
          },
          {
            key: 'min',
            title: t('fields.minAmount'),
            align: 'end',
            render: (_, p) => <MoneyText value={p.minAmount} />,
          },
          {
            key: 'max',
            title: t('fields.maxAmount'),
            align: 'end',
            render: (_, p) => <MoneyText value={p.maxAmount} />,
          },
          {
            key: 'rate',
            title: t('fields.dailyRate'),
            render: (_, p) => (
              <span dir="ltr">
                {ratePercent(p.dailyRate, i18n.language)} · {t('fields.apr')}{' '}
                {percentText(p.aprPercent, i18n.language)}
              </span>
            ),
          },
          {
            key: 'active',
            title: t('fields.active'),
            render: (_, p) => (p.isActive ? <Tag color="green">✓</Tag> : <Tag>—</Tag>),
          },
          {
            key: 'actions',
            title: t('common:table.actions'),
            render: (_, p) => (
              <Button size="small" onClick={() => setEditing(p)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? editing.name : t('admin.newProduct')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <AppForm<TValues>
          form={form}
          layout="vertical"
          initialValues={toValues(editing ?? null)}
          onFinish={submit}
          preserve={false}
        >
          <Form.Item name="code" label={t('fields.code')} rules={[{ required: true }]}>
            <Input dir="ltr" maxLength={32} />
          </Form.Item>
          <Form.Item name="kind" label={t('fields.kind')}>
            <Select options={LOAN_PRODUCT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
          </Form.Item>
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="minAmount" label={t('fields.minAmount')} rules={[{ required: true }]}>
            <AmountInput />
          </Form.Item>
          <Form.Item name="maxAmount" label={t('fields.maxAmount')} rules={[{ required: true }]}>
            <AmountInput />
          </Form.Item>
          <Form.Item
            name="termOptions"
            label={t('fields.termOptions')}
            rules={[
              { required: true },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && parseTermOptions(value) === null) {
                    throw new Error(t('fields.termOptionsInvalid', { max: LOAN_MAX_TERM_DAYS }));
                  }
                },
              },
            ]}
          >
            <Input dir="ltr" />
          </Form.Item>
          <Form.Item
            name="dailyRate"
            label={t('fields.dailyRate')}
            rules={[{ required: true }]}
            extra={
              dailyRateRead &&
              t('fields.ratePerDayApr', {
                percent: ratePercent(dailyRateRead, i18n.language),
                apr: percentText(aprPercent(dailyRateRead), i18n.language),
              })
            }
          >
            <Input dir="ltr" />
          </Form.Item>
          <Form.Item name="modes" label={t('fields.mode')}>
            <Checkbox.Group options={REPAYMENT_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))} />
          </Form.Item>
          <Form.Item name="cycleDays" label={t('fields.cycleDays')}>
            <NumberInput />
          </Form.Item>
          <Form.Item
            name="penaltyDailyRate"
            label={t('fields.penaltyRate')}
            rules={[{ required: true }]}
            extra={
              penaltyRateRead &&
              t('fields.ratePerDay', { percent: ratePercent(penaltyRateRead, i18n.language) })
            }
          >
            <Input dir="ltr" />
          </Form.Item>
          <Form.Item name="graceDays" label={t('fields.graceDays')}>
            <NumberInput />
          </Form.Item>
          <Form.Item name="advancedAbove" label={t('fields.advancedAbove')} rules={[{ required: true }]}>
            <AmountInput />
          </Form.Item>
          <Form.Item name="isActive" label={t('fields.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </AppForm>
      </Modal>
    </section>
  );
}
