import { ZChangePasswordRequest } from '@caravan/contracts';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { PageFrame } from '../../../components/ui/page-frame';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { changeLoginPassword } from '../api/account-api';
import { SETUP_CRUMBS } from '../components/setup-crumbs';

export default function LoginPasswordPage() {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async () => {
    const body = parseFormValues(form, ZChangePasswordRequest, form.getFieldsValue(), t);
    if (!body) {
      return;
    }
    setIsSubmitting(true);
    try {
      await changeLoginPassword(body);
      toast.success(t('common:success.operationSucceeded'));
      form.resetFields();
      await navigate('/userInfo/setup');
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <PageFrame titleKey="routes.loginPassword" crumbs={SETUP_CRUMBS}>
      <Card className="cv-form-card">
        <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="oldPassword" label={t('password.old')}>
            <Input.Password autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Form.Item name="newPassword" label={t('password.new')} extra={t('password.rule')}>
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('password.confirm')}>
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </AppForm>
      </Card>
    </PageFrame>
  );
}
