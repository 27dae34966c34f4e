import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type TStaffLoginRequest, ZStaffLoginRequest } from '@caravan/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { parseFormValues, showSubmitError } from '../../lib/form';
import { AuthCard } from '../auth/auth-card';
import { AppForm } from '../ui/app-form';
import { readConsoleRedirect } from './console-redirect';
import { loginStaff, useSetStaffMe } from './staff-session';

/** Log-in of the admin and customer-service consoles (staff accounts, staff cookie). */
export function StaffLoginPage({ titleKey, basePath }: { titleKey: string; basePath: string }) {
  const { t } = useTranslation(['common', 'auth', 'validation']);
  const [form] = Form.useForm<TStaffLoginRequest>();
  const navigate = useNavigate();
  const location = useLocation();
  const setStaffMe = useSetStaffMe();
  const [serverError, setServerError] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async () => {
    setServerError('');
    const body = parseFormValues(form, ZStaffLoginRequest, form.getFieldsValue(), t);
    if (!body) {
      return;
    }
    setIsSubmitting(true);
    try {
      const { staff } = await loginStaff(body);
      setStaffMe(staff);
      await navigate(readConsoleRedirect(location.search, basePath), { replace: true });
    } catch (error) {
      setServerError(
        isApiError(error) && error.fieldErrors.length === 0 ? error.message : showSubmitError(form, error, t),
      );
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <AuthCard title={t(titleKey)} subtitle={t('console.staffOnly')}>
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
