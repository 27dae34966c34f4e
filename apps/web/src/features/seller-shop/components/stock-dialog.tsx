import { STOCK_MAX, type TSellerProductRow, zWhole } from '@caravan/contracts';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { LimitedInput } from '../../../components/ui/limited-text';
import { NumberInput } from '../../../components/ui/number-input';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { showSubmitError, zodRule } from '../../../lib/form';
import { revealFirstError } from '../../../lib/reveal-error';
import { toast } from '../../../lib/toast';
import { useNumberParser } from '../../../lib/use-number-parser';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useAdjustStock, useSellerProduct } from '../api';

type TValues = { variantId?: string; delta: number; reason: string };

/** Adds or removes stock with a reason (kept in the stock history). */
export function StockDialog({
  product,
  onClose,
}: {
  product: TSellerProductRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['seller', 'common']);
  const parseNumber = useNumberParser();
  const dialogFocus = useDialogFocus(product !== null);
  const [form] = Form.useForm<TValues>();
  const detail = useSellerProduct(product && product.variantCount > 0 ? product.id : null);
  const adjust = useAdjustStock();
  const submit = async (values: TValues) => {
    if (!product) {
      return;
    }
    const done = await adjust
      .mutateAsync({
        productId: product.id,
        body: { variantId: values.variantId ?? null, delta: values.delta, reason: values.reason.trim() },
      })
      .then(
        () => true,
        (error: unknown) => {
          showSubmitError(form, error, t);
          return false;
        },
      );
    if (done) {
      toast.success(t('common:success.operationSucceeded'));
      onClose();
    }
  };
  // A double click on Save applied the change twice (+5 became +10, two lines in the stock history).
  const save = useOneAtATime(() => form.validateFields().then(submit, () => revealFirstError(form)));
  return (
    <Modal
      open={product !== null}
      title={t('stock.adjustTitle', { name: product?.name ?? '' })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: adjust.isPending }}
      onCancel={onClose}
      // A refusal is shown beside its field or in a toast (submit); the promise's rejection needs no more handling.
      onOk={() => void save()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      {...dialogFocus.modalProps}
    >
      <AppForm form={form} layout="vertical" isSentOnEnter onFinish={() => save()} {...dialogFocus.target}>
        {product && product.variantCount > 0 ? (
          <Form.Item name="variantId" label={t('stock.variant')} rules={[{ required: true }]}>
            <Select
              loading={detail.isLoading}
              options={(detail.data?.variants ?? []).map((v) => ({
                value: v.id,
                label: `${v.values.join(' / ')} (${v.stock})`,
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="delta"
          label={t('stock.delta')}
          extra={t('stock.deltaHint')}
          // No precision: antd rounded 2.5 to 3 without a word.
          // An empty change is told "required" by the first rule alone: the range rule parsed it too and said
          // "enter a whole number from ..." beside it (QA).
          rules={[{ required: true }, zodRule(zWhole(-STOCK_MAX, STOCK_MAX), t, { isEmptyAllowed: true })]}
        >
          <NumberInput parser={parseNumber} style={{ inlineSize: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('stock.reason')}
          rules={[{ required: true, whitespace: true, max: 200 }]}
        >
          <LimitedInput limit={200} />
        </Form.Item>
      </AppForm>
    </Modal>
  );
}
