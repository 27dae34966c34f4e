import { ACCOUNT_CLOSE_REASON_MAX, ZCancelAccountRequest } from '@caravan/contracts';
import { Alert, Button, Card, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AppForm } from '../../../components/ui/app-form';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { isApiError } from '../../../lib/api';
import { parseFormValues, placeFieldErrors, showSubmitError } from '../../../lib/form';
import { clearSession, runLogoutHandlers } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { cancelAccount, useCancellationCheck } from '../api/account-api';
import { SETUP_CRUMBS } from '../components/setup-crumbs';

export default function AccountCancellationPage() {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [blockingMessage, setBlockingMessage] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Named before the form is filled: with a balance and a withdrawal in review the form looked ready to send.
  const check = useCancellationCheck();
  const blockers = check.data?.blockers ?? [];

  const send = async (body: z.output<typeof ZCancelAccountRequest>) => {
    setIsSubmitting(true);
    setBlockingMessage('');
    try {
      await cancelAccount(body);
      await navigate('/index', { replace: true });
      clearSession('logout');
      runLogoutHandlers();
      toast.success(t('cancellation.done'));
    } catch (error) {
      // A wrong password goes beside the password (it stood above the form, the field unmarked); a balance or a
      // withdrawal under way that blocks the closing, above it.
      if (isApiError(error) && placeFieldErrors(form, error)) {
        return;
      }
      if (isApiError(error) && error.fieldErrors.length === 0) {
        setBlockingMessage(error.message);
      } else {
        showSubmitError(form, error, t);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  const submit = () => {
    const body = parseFormValues(form, ZCancelAccountRequest, form.getFieldsValue(), t);
    if (!body) {
      return;
    }
    void modal.confirm({
      title: t('cancellation.confirmTitle'),
      content: t('cancellation.confirmBody'),
      okText: t('cancellation.confirmOk'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: () => send(body),
    });
  };

  return (
    <PageFrame titleKey="routes.accountCancellation" crumbs={SETUP_CRUMBS}>
      {modalHolder}
      <Card className="cv-form-card">
        <Alert
          type="warning"
          showIcon
          className="cv-form-alert"
          title={t('cancellation.warningTitle')}
          description={t('cancellation.warning')}
        />
        {blockers.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="cv-form-alert"
            data-testid="cancellation-blockers"
            title={t('cancellation.blockedTitle')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {blockers.map((blocker) => (
                  <li key={blocker.code}>{blocker.message}</li>
                ))}
              </ul>
            }
          />
        )}
        {blockingMessage && (
          <Alert type="error" showIcon title={blockingMessage} role="alert" className="cv-form-alert" />
        )}
        <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit} className="cv-form-gap">
          <Form.Item name="reason" label={t('cancellation.reason')}>
            <LimitedTextArea rows={3} limit={ACCOUNT_CLOSE_REASON_MAX} />
          </Form.Item>
          <Form.Item name="loginPassword" label={t('cancellation.loginPassword')}>
            <Input.Password autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Button
            danger
            type="primary"
            htmlType="submit"
            loading={isSubmitting}
            disabled={blockers.length > 0}
          >
            {t('cancellation.submit')}
          </Button>
        </AppForm>
      </Card>
    </PageFrame>
  );
}
