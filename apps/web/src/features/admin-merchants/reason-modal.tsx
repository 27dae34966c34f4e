import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ignoreInvalidForm } from '../../lib/form';

type TProps = {
  title: string | null;
  isBusy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
};

/** Asks for the reason of a refusal, suspension or take-down before the action runs. */
export function ReasonModal({ title, isBusy, onCancel, onSubmit }: TProps) {
  const { t } = useTranslation(['seller', 'common']);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={title !== null}
      title={title}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, loading: isBusy }}
      onCancel={onCancel}
      // A refusal is shown beside the field; the promise's rejection needs no more handling.
      onOk={() => void form.validateFields().then((v) => onSubmit(v.reason.trim()), ignoreInvalidForm)}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('admin.reason')}
          rules={[{ required: true, whitespace: true, max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
