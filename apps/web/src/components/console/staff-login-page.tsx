import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { type TStaffLoginRequest, ZStaffLoginRequest } from '@caravan/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { asciiDigitsOf } from '../../lib/ascii-digits';
import { parseFormValues, showSubmitError } from '../../lib/form';
import { AuthCard } from '../auth/auth-card';
import { HumanCheck } from '../auth/human-check';
import { useHumanCheck } from '../auth/use-human-check';
import { LanguageMenu } from '../language-menu';
import { AppForm } from '../ui/app-form';
import { readConsoleRedirect } from './console-redirect';
import { loginStaff, useSetStaffMe } from './staff-session';

/** Log-in of the admin and customer-service consoles (staff accounts, staff cookie). */
export function StaffLoginPage({ titleKey, basePath }: { titleKey: string; basePath: string }) {
  const { t } = useTranslation(['common', 'auth', 'validation', 'console']);
  const [form] = Form.useForm<TStaffLoginRequest>();
  const navigate = useNavigate();
  const location = useLocation();
  const setStaffMe = useSetStaffMe();
  const [serverError, setServerError] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Staff who use an authenticator are asked for its code after the password was accepted.
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const humanCheck = useHumanCheck('staff', { onChallengeErrorAnswered: () => setServerError('') });
  const submit = async () => {
    setServerError('');
    const { totpCode, ...values } = form.getFieldsValue();
    const body = parseFormValues(
      form,
      ZStaffLoginRequest,
      { ...values, ...(totpCode ? { totpCode } : {}) },
      t,
    );
    if (!body) {
      return;
    }
    setIsSubmitting(true);
    try {
      const { staff } = await loginStaff({
        ...body,
        ...(humanCheck.answer ? { challenge: humanCheck.answer } : {}),
      });
      humanCheck.afterAttempt();
      setStaffMe(staff);
      await navigate(readConsoleRedirect(location.search, basePath), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'TOTP_REQUIRED') {
        setIsCodeAsked(true);
      }
      humanCheck.afterAttempt(error);
      setServerError(
        isApiError(error) && error.fieldErrors.length === 0 ? error.message : showSubmitError(form, error, t),
      );
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <AuthCard title={t(titleKey)} subtitle={t('console.staffOnly')} isWholePage>
      <div className="cv-auth__language">
        <LanguageMenu />
      </div>
      <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="username" label={t('auth:fields.username')}>
          <Input prefix={<UserOutlined aria-hidden="true" />} autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={t('auth:fields.password')}>
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
        {isCodeAsked && (
          <Form.Item
            name="totpCode"
            label={t('console:totp.code')}
            extra={t('console:totp.codeHint')}
            normalize={asciiDigitsOf}
          >
            <Input
              prefix={<SafetyOutlined aria-hidden="true" />}
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={9}
              dir="ltr"
              autoFocus
            />
          </Form.Item>
        )}
        {humanCheck.isNeeded && <HumanCheck key={humanCheck.key} onSolved={humanCheck.onSolved} />}
        {serverError && (
          <Alert type="error" showIcon title={serverError} role="alert" className="cv-form-alert" />
        )}
        <Button type="primary" htmlType="submit" block loading={isSubmitting}>
          {t('auth:login.submit')}
        </Button>
      </AppForm>
    </AuthCard>
  );
}
