import { LockOutlined } from '@ant-design/icons';
import {
  type TAccountType,
  type TSendCodeRequest,
  ZResetPasswordRequest,
  ZSendCodeRequest,
} from '@caravan/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountForm } from '../../../components/auth/account-form';
import { AuthCard } from '../../../components/auth/auth-card';
import { VerificationCodeField } from '../../../components/ui/verification-code-field';
import { api } from '../../../lib/api';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { clearSession, isLoggedIn } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/**
 * Forgot password: the account as at log-in (username, e-mail, or a mobile number with its area code), the code sent
 * to it, the new password twice. The area code tells a phone from an all-digit username with the same digits.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['services', 'auth', 'validation', 'common']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [accountType, setAccountType] = useState<TAccountType>('username');
  const typedAccount: string = Form.useWatch('account', form) ?? '';
  const typedAreaCode: string = Form.useWatch('areaCode', form) ?? '';

  /** The account fields of the requests: the area code only for a mobile number. */
  const accountOf = (account: string, areaCode: string) =>
    accountType === 'mobile' ? { account, areaCode } : { account };
  const codeRequest = (account: string, areaCode: string): TSendCodeRequest => ({
    purpose: 'resetPassword',
    ...accountOf(account, areaCode),
  });

  const submit = async () => {
    const { account, areaCode, ...rest } = form.getFieldsValue();
    const body = parseFormValues(
      form,
      ZResetPasswordRequest,
      { ...rest, ...accountOf(account ?? '', areaCode ?? '') },
      t,
    );
    if (!body) {
      return;
    }
    setIsSubmitting(true);
    try {
      await api.post('/auth/password-reset', body);
      // Every session of the account ended on the server, this browser's too.
      if (isLoggedIn()) {
        clearSession('logout');
      }
      toast.success(t('forgot.done'));
      await navigate('/login', { replace: true });
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('auth:forgot.title')} subtitle={t('forgot.intro')}>
      <AccountForm
        form={form}
        accountType={accountType}
        onAccountTypeChange={setAccountType}
        onFinish={submit}
      >
        <VerificationCodeField
          typedRequest={codeRequest(typedAccount, typedAreaCode)}
          buildRequest={() =>
            parseFormValues(
              form,
              ZSendCodeRequest,
              codeRequest(form.getFieldValue('account') ?? '', form.getFieldValue('areaCode') ?? ''),
              t,
            )
          }
        />
        <Form.Item name="password" label={t('forgot.newPassword')} extra={t('auth:register.passwordRule')}>
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('forgot.confirmPassword')}>
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSubmitting}>
          {t('forgot.submit')}
        </Button>
      </AccountForm>
      <div className="cv-auth__links">
        <Link to="/login">{t('auth:forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
