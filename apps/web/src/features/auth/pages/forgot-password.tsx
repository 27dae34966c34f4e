import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ZResetPasswordRequest, ZSendCodeRequest } from '@caravan/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth/auth-card';
import { AppForm } from '../../../components/ui/app-form';
import { VerificationCodeField } from '../../../components/ui/verification-code-field';
import { api } from '../../../lib/api';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { clearSession, isLoggedIn } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** Forgot password: account or e-mail, the code mailed to the account, the new password twice. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['services', 'auth', 'validation', 'common']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const typedAccount: string = Form.useWatch('account', form) ?? '';

  const submit = async () => {
    const body = parseFormValues(form, ZResetPasswordRequest, form.getFieldsValue(), t);
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
      <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="account" label={t('forgot.account')}>
          <Input prefix={<UserOutlined aria-hidden="true" />} autoComplete="username" maxLength={64} />
        </Form.Item>
        <VerificationCodeField
          typedRequest={{ purpose: 'resetPassword', account: typedAccount }}
          buildRequest={() =>
            parseFormValues(
              form,
              ZSendCodeRequest,
              { purpose: 'resetPassword', account: form.getFieldValue('account') ?? '' },
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
      </AppForm>
      <div className="cv-auth__links">
        <Link to="/login">{t('auth:forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
