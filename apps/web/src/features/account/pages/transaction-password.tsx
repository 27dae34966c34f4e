import { ZChangeTxPasswordRequest, ZSetTxPasswordRequest } from '@caravan/contracts';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { PageFrame } from '../../../components/ui/page-frame';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { readSafeRedirect, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { changeTxPassword, refreshCurrentUser, setTxPassword } from '../api/account-api';
import { SETUP_CRUMBS } from '../components/setup-crumbs';

const DIGITS_INPUT = { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } as const;

/** Set the 6-digit transaction password twice, or change it with the old one. */
export default function TransactionPasswordPage() {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const { userInfo } = useSession();
  const isChange = Boolean(userInfo?.hasTxPassword);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const location = useLocation();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async () => {
    const values = form.getFieldsValue();
    setIsSubmitting(true);
    try {
      if (isChange) {
        const body = parseFormValues(form, ZChangeTxPasswordRequest, values, t);
        if (!body) {
          return;
        }
        await changeTxPassword(body);
      } else {
        const body = parseFormValues(form, ZSetTxPasswordRequest, values, t);
        if (!body) {
          return;
        }
        await setTxPassword(body);
      }
      toast.success(t('common:success.operationSucceeded'));
      form.resetFields();
      await refreshCurrentUser().catch(() => undefined);
      // Back where the buyer came from (the payment that asked for it), else to the account settings.
      await navigate(readSafeRedirect(location.search, '/userInfo/setup'));
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <PageFrame titleKey="routes.transactionPassword" crumbs={SETUP_CRUMBS}>
      <Card className="cv-form-card">
        <p className="cv-muted">{t(isChange ? 'txPassword.changeIntro' : 'txPassword.setIntro')}</p>
        <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          {isChange && (
            <Form.Item name="oldTxPassword" label={t('txPassword.old')}>
              <Input.Password {...DIGITS_INPUT} />
            </Form.Item>
          )}
          <Form.Item name="txPassword" label={t('txPassword.new')} extra={t('txPassword.rule')}>
            <Input.Password {...DIGITS_INPUT} />
          </Form.Item>
          <Form.Item name="confirmTxPassword" label={t('txPassword.confirm')}>
            <Input.Password {...DIGITS_INPUT} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </AppForm>
      </Card>
    </PageFrame>
  );
}
