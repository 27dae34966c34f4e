import { SafetyOutlined } from '@ant-design/icons';
import type { TSendCodeRequest } from '@caravan/contracts';
import { Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

/**
 * A form's verification code (field `code`) with its "Send code" button, saying under it where the code went.
 * `buildRequest` is the button's: the request, or null while the form's own fields are not valid yet.
 */
export function VerificationCodeField({
  buildRequest,
  isMarkedRequired = false,
}: {
  buildRequest: () => TSendCodeRequest | null;
  isMarkedRequired?: boolean;
}) {
  const { t } = useTranslation('services');
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Form.Item
      label={t('code.label')}
      required={isMarkedRequired}
      extra={sentTo ? t('code.sentTo', { to: sentTo }) : undefined}
    >
      <Space.Compact block>
        <Form.Item name="code" noStyle>
          <Input
            prefix={<SafetyOutlined aria-hidden="true" />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            aria-label={t('code.label')}
          />
        </Form.Item>
        <SendCodeButton buildRequest={buildRequest} onSent={(sent) => setSentTo(sent.sentTo)} />
      </Space.Compact>
    </Form.Item>
  );
}
