import { SafetyOutlined } from '@ant-design/icons';
import type { TSendCodeRequest } from '@caravan/contracts';
import { Form, Input, type InputRef, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { asciiDigitsOf } from '../../lib/ascii-digits';
import { placeFieldErrors } from '../../lib/form';
import { toastError } from '../../lib/toast';
import { SendCodeButton } from './send-code-button';

/**
 * A form's verification code (field `code`) with its "Send code" button, saying under it where the code went.
 * `typedRequest` and `buildRequest` are the button's: the request as typed, and the checked request or null while
 * the form's own fields are not valid yet. Sent, the focus goes to the code (the button turns disabled, and the
 * focus fell to the page's start); refused, the reason goes beside the field it is about ("User does not exist"
 * beside the account), a toast only when the form has no such field.
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
  const form = Form.useFormInstance();
  const codeInput = useRef<InputRef>(null);
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
            ref={codeInput}
          />
        </Form.Item>
        <SendCodeButton
          typedRequest={typedRequest}
          buildRequest={buildRequest}
          onSent={(sent) => {
            setSentTo(sent.sentTo);
            codeInput.current?.focus();
          }}
          onFailed={(error) => {
            if (!isApiError(error) || !placeFieldErrors(form, error)) {
              toastError(error, t('code.failed'));
            }
          }}
        />
      </Space.Compact>
    </Form.Item>
  );
}
