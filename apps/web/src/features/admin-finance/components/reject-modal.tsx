import { ZRejectRecordRequest } from '@caravan/contracts';
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { parseFormValues } from '../../../lib/form';

/** Rejecting needs a reason (shown to the buyer); the summary says what the rejection will do. */
export function RejectModal({
  isOpen,
  title,
  summary,
  isPending,
  onCancel,
  onReject,
}: {
  isOpen: boolean;
  title: string;
  summary: ReactNode;
  isPending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation(['finance', 'validation', 'common']);
  const [form] = Form.useForm<{ reason?: string }>();
  const submit = async () => {
    const body = parseFormValues(
      form,
      ZRejectRecordRequest,
      { reason: form.getFieldValue('reason') ?? '' },
      t,
    );
    if (body) {
      await onReject(body.reason);
    }
  };
  return (
    <Modal
      open={isOpen}
      title={title}
      rootClassName="cv-finance-reject"
      // Above the detail drawer it is opened from, even when mounted before it.
      zIndex={1100}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, disabled: isPending }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={isPending}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {summary}
      <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <Form.Item name="reason" label={t('review.reason')} extra={t('review.reasonHint')}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </AppForm>
    </Modal>
  );
}
