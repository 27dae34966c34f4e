import { SafetyOutlined } from '@ant-design/icons';
import type { TSendCodeRequest } from '@caravan/contracts';
import { Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asciiDigitsOf } from '../../lib/ascii-digits';
import { SendCodeButton } from './send-code-button';

/**
 * A form's verification code (field `code`) with its "Send code" button, saying under it where the code went.
 * `typedRequest` and `buildRequest` are the button's: the request as typed, and the checked request or null while
 * the form's own fields are not valid yet.
 */
export function VerificationCodeField({
  typedRequest,
  buildRequest,
  isMarkedRequired = false,
}: {
  typedRequest: TSendCodeRequest;
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
        <Form.Item name="code" noStyle normalize={asciiDigitsOf}>
          <Input
            prefix={<SafetyOutlined aria-hidden="true" />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            aria-label={t('code.label')}
          />
        </Form.Item>
        <SendCodeButton
          typedRequest={typedRequest}
          buildRequest={buildRequest}
          onSent={(sent) => setSentTo(sent.sentTo)}
        />
      </Space.Compact>
    </Form.Item>
  );
}
