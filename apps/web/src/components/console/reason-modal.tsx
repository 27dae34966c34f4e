import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { revealFirstError } from '../../lib/reveal-error';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { LimitedTextArea } from '../ui/limited-text';

type TProps = {
  /** The dialog is open while it has a title. */
  title: string | null;
  /** What the action does, above the reason field. */
  description?: ReactNode;
  /** The reason field's label: who reads the reason (the audit log, the seller). */
  label: string;
  /** The server's limit for this reason. */
  maxLength: number;
  okText?: string;
  /** A refusal, suspension or take-down is red; lifting one is not. */
  isDanger?: boolean;
  isBusy: boolean;
  onCancel: () => void;
  /** The action; while its promise runs, a second click of OK starts nothing. */
  onSubmit: (reason: string) => Promise<unknown>;
};

/** Asks for the reason of a staff action (a refusal, a suspension, lifting a lock) before it runs. */
export function ReasonModal({
  title,
  description,
  label,
  maxLength,
  okText,
  isDanger = true,
  isBusy,
  onCancel,
  onSubmit,
}: TProps) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<{ reason: string }>();
  // The button shows it is busy only a render later: a double click had disabled a user twice (two audit entries),
  // suspended a shop twice (the second answer an error) and so on.
  const submit = useOneAtATime(async () => {
    let values: { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      // A refusal is shown beside the field, brought into view.
      revealFirstError(form);
      return;
    }
    await onSubmit(values.reason.trim());
  });
  return (
    <Modal
      open={title !== null}
      title={title}
      okText={okText ?? t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: isDanger, loading: isBusy }}
      onCancel={onCancel}
      onOk={() => void submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {description}
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, max: maxLength }]}>
          <LimitedTextArea rows={3} limit={maxLength} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
