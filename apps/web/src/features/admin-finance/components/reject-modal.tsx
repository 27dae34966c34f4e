import { ZRejectRecordRequest } from '@caravan/contracts';
import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { parseFormValues } from '../../../lib/form';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { TReviewQueue } from './review-queue';

/**
 * Rejecting the open record needs a reason (shown to the buyer); the summary says what the rejection will
 * do. `reject` sends it; the queue reports the outcome.
 */
export function RejectModal({
  queue,
  record,
  title,
  summary,
  isPending,
  reject,
}: {
  queue: TReviewQueue;
  record: { id: string } | null;
  title: string;
  summary: ReactNode;
  isPending: boolean;
  reject: (id: string, reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['finance', 'validation', 'common']);
  const [form] = Form.useForm<{ reason?: string }>();
  // The focus starts in the reason (it was on the close button, where typing went nowhere).
  const dialogFocus = useDialogFocus(queue.action === 'reject' && record !== null);
  const submit = useOneAtATime(async () => {
    const body = parseFormValues(
      form,
      ZRejectRecordRequest,
      { reason: form.getFieldValue('reason') ?? '' },
      t,
    );
    if (body && record) {
      await queue.submitDecision(() => reject(record.id, body.reason), t('review.rejected'));
    }
  });
  return (
    <Modal
      open={queue.action === 'reject' && record !== null}
      title={title}
      rootClassName="cv-finance-reject"
      // Above the detail drawer it is opened from, even when mounted before it.
      zIndex={1100}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, disabled: isPending }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={isPending}
      onOk={submit}
      onCancel={() => queue.setAction(null)}
      destroyOnHidden
      {...dialogFocus.modalProps}
    >
      {summary}
      <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <Form.Item name="reason" label={t('review.reason')} extra={t('review.reasonHint')}>
          <LimitedTextArea rows={3} limit={255} {...dialogFocus.target} />
        </Form.Item>
      </AppForm>
    </Modal>
  );
}
