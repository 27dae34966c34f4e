import { type TAdminChannel, type TUpdateChannelRequest, ZUpdateChannelRequest } from '@caravan/contracts';
import { Button, Form, Input, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { compactTexts, LanguageFields } from '../../../components/console/language-fields';
import { LoadError } from '../../../components/console/load-error';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm } from '../../../components/ui/app-form';
import { formatAmountInput, MoneyText } from '../../../components/ui/money-text';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { ratePercent } from '../../../lib/format-money';
import { toast } from '../../../lib/toast';
import { useChannels } from '../api/list-channels';
import { useUpdateChannel } from '../api/update-channel';
import '../finance.css';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { NumberInput } from '../../../components/ui/number-input';

type TChannelForm = {
  names: Record<string, string>;
  depositAddress?: string;
  minAmount: string;
  maxAmount: string;
  feeFixed: string;
  feeRate: string;
  rateToUsdt: string;
  arrivalMinutes: number | null;
  isOpen: boolean;
  closedRegions: string[];
  sortOrder: number | null;
};

function toFormValues(channel: TAdminChannel): TChannelForm {
  return {
    names: channel.names,
    depositAddress: channel.depositAddress ?? '',
    minAmount: formatAmountInput(channel.minAmount),
    maxAmount: formatAmountInput(channel.maxAmount),
    feeFixed: channel.feeFixed,
    feeRate: channel.feeRate,
    rateToUsdt: channel.rateToUsdt,
    arrivalMinutes: channel.arrivalMinutes,
    isOpen: channel.isOpen,
    closedRegions: channel.closedRegions,
    sortOrder: channel.sortOrder,
  };
}

function ChannelEditor({ channel, onDone }: { channel: TAdminChannel; onDone: () => void }) {
  const { t } = useTranslation(['finance', 'validation', 'common', 'console']);
  const [form] = Form.useForm<TChannelForm>();
  const update = useUpdateChannel();
  const isChain = channel.kind === 'blockchain';
  const save = async (values: TChannelForm) => {
    const body = parseFormValues(
      form,
      ZUpdateChannelRequest,
      {
        names: compactTexts(values.names),
        ...(isChain ? { depositAddress: values.depositAddress?.trim() || null } : {}),
        minAmount: values.minAmount,
        maxAmount: values.maxAmount,
        feeFixed: values.feeFixed,
        feeRate: values.feeRate,
        rateToUsdt: values.rateToUsdt,
        arrivalMinutes: values.arrivalMinutes ?? undefined,
        isOpen: values.isOpen,
        closedRegions: values.closedRegions.map((r) => r.trim().toUpperCase()).filter(Boolean),
        sortOrder: values.sortOrder ?? undefined,
      } satisfies TUpdateChannelRequest,
      t,
    );
    if (!body) {
      return;
    }
    try {
      await update.mutateAsync({ id: channel.id, body });
      toast.success(t('common:success.operationSucceeded'));
      onDone();
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };
  return (
    <AppForm<TChannelForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={toFormValues(channel)}
      onFinish={save}
    >
      <LanguageFields name="names" label={t('channels.name')} max={64} />
      {isChain && (
        <Form.Item
          name="depositAddress"
          label={t('channels.depositAddress')}
          extra={t('channels.depositAddressHint')}
        >
          <Input maxLength={128} dir="ltr" spellCheck={false} className="cv-finance-mono" />
        </Form.Item>
      )}
      <Form.Item name="minAmount" label={t('channels.min', { unit: channel.currency })}>
        <AmountInput unit={null} />
      </Form.Item>
      <Form.Item name="maxAmount" label={t('channels.max', { unit: channel.currency })}>
        <AmountInput unit={null} />
      </Form.Item>
      <Form.Item name="feeFixed" label={t('channels.feeFixed', { unit: channel.currency })}>
        <AmountInput unit={null} />
      </Form.Item>
      <Form.Item name="feeRate" label={t('channels.feeRate')} extra={t('channels.feeRateHint')}>
        <AmountInput unit={null} />
      </Form.Item>
      <Form.Item name="rateToUsdt" label={t('channels.rate', { unit: channel.currency })}>
        <AmountInput unit={null} />
      </Form.Item>
      <Form.Item name="arrivalMinutes" label={t('channels.arrivalMinutes')}>
        <NumberInput style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="isOpen" label={t('channels.isOpen')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="closedRegions"
        label={t('channels.closedRegions')}
        extra={t('channels.closedRegionsHint')}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('channels.sortOrder')}>
        <NumberInput style={{ width: '100%' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common:actions.save')}
      </Button>
    </AppForm>
  );
}

/** Recharge channel and network settings: limits, fees, rate, open/closed, closed regions, deposit address. */
export default function FinanceChannelsPage() {
  const { t, i18n } = useTranslation(['finance', 'wallet', 'common', 'admin', 'console']);
  const channels = useChannels();
  const [editing, setEditing] = useState<TAdminChannel | null>(null);
  return (
    <>
      <ConsolePageHead title={t('admin:menu.financeChannels')} />
      <p className="cv-muted">{t('channels.intro')}</p>
      {channels.isError && <LoadError onRetry={() => void channels.refetch()} />}
      <DataTable<TAdminChannel>
        rowKey="id"
        size="middle"
        loading={channels.isFetching}
        dataSource={channels.data ?? []}
        pagination={false}
        scroll={{ x: 1200 }}
        columns={[
          {
            title: t('channels.name'),
            key: 'name',
            render: (_, c) => (
              <span>
                <span dir="auto">{c.name}</span>{' '}
                <code className="cv-muted cv-nowrap" dir="ltr">
                  {c.code}
                </code>
              </span>
            ),
          },
          { title: t('channels.kind'), dataIndex: 'kind', render: (v: string) => t(`wallet:kind.${v}`) },
          {
            title: t('channels.minShort'),
            dataIndex: 'minAmount',
            align: 'end',
            render: (v: string, c) => <MoneyText value={v} unit={c.currency} />,
          },
          {
            title: t('channels.maxShort'),
            dataIndex: 'maxAmount',
            align: 'end',
            render: (v: string, c) => <MoneyText value={v} unit={c.currency} />,
          },
          {
            title: t('channels.feeShort'),
            key: 'fee',
            align: 'end',
            render: (_, c) => (
              <span dir="ltr">
                <MoneyText value={c.feeFixed} unit={c.currency} /> +{' '}
                {/* One piece: "0.00 %" broke before its "%" in a narrow column. */}
                <span dir="ltr" className="cv-nowrap">
                  {ratePercent(c.feeRate, i18n.language)}
                </span>
              </span>
            ),
          },
          {
            title: t('channels.rateShort'),
            dataIndex: 'rateToUsdt',
            align: 'end',
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: t('channels.isOpen'),
            dataIndex: 'isOpen',
            render: (isOpen: boolean) => (
              <Tag color={isOpen ? 'success' : 'default'}>
                {t(isOpen ? 'channels.open' : 'channels.closed')}
              </Tag>
            ),
          },
          {
            title: t('channels.closedRegions'),
            dataIndex: 'closedRegions',
            render: (regions: string[]) =>
              regions.length ? (
                <span dir="ltr">{regions.join(', ')}</span>
              ) : (
                <span className="cv-muted">--</span>
              ),
          },
          { title: t('channels.updatedAt'), dataIndex: 'updatedAt', render: dateTimeCell, width: 170 },
          {
            title: t('common:table.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, c) => (
              <Button size="small" onClick={() => setEditing(c)}>
                {t('common:actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <EndDrawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('channels.edit', { name: editing.name }) : ''}
        size={480}
        destroyOnHidden
      >
        {editing && <ChannelEditor key={editing.id} channel={editing} onDone={() => setEditing(null)} />}
      </EndDrawer>
    </>
  );
}
