import { ZStaffTotpCodeRequest } from '@caravan/contracts';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { AppForm } from '../../../components/ui/app-form';
import { asciiDigitsOf } from '../../../lib/ascii-digits';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { useEnableTotp, useStartTotpSetup, useTotpState } from '../api/totp-api';

/** The staff member's own sign-in security: turn on an authenticator app and keep the recovery codes. */
export default function SecurityPage() {
  const { t } = useTranslation(['console', 'validation', 'common']);
  const state = useTotpState();
  const setup = useStartTotpSetup();
  const enable = useEnableTotp();
  const [form] = Form.useForm<{ code?: string }>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const confirm = async () => {
    const body = parseFormValues(form, ZStaffTotpCodeRequest, { code: form.getFieldValue('code') ?? '' }, t);
    if (!body) {
      return;
    }
    try {
      setRecoveryCodes((await enable.mutateAsync(body.code)).recoveryCodes);
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };

  if (state.isLoading) {
    return <Skeleton active />;
  }
  if (state.isError || !state.data) {
    return <LoadError onRetry={() => void state.refetch()} />;
  }
  return (
    <>
      <ConsolePageHead title={t('menu.security')} />
      {recoveryCodes ? (
        <Card>
          <Result status="success" title={t('totp.enabled')} subTitle={t('totp.recoveryHint')} />
          <ul className="cv-totp__codes" aria-label={t('totp.recoveryCodes')}>
            {recoveryCodes.map((code) => (
              <li key={code}>
                <Typography.Text code copyable dir="ltr">
                  {code}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Card>
      ) : state.data.isEnabled ? (
        <Result
          status="success"
          title={t('totp.enabled')}
          subTitle={t('totp.codesLeft', { count: state.data.recoveryCodesLeft })}
        />
      ) : (
        <Card>
          {state.data.isRequired && (
            <Alert type="warning" showIcon className="cv-console__note" title={t('totp.required')} />
          )}
          <Steps
            orientation="vertical"
            size="small"
            current={setup.data ? 1 : 0}
            items={[{ title: t('totp.step1') }, { title: t('totp.step2') }]}
          />
          {!setup.data ? (
            <Button
              type="primary"
              className="cv-wrap-button"
              loading={setup.isPending}
              onClick={() => setup.mutate()}
            >
              {t('totp.start')}
            </Button>
          ) : (
            <Space orientation="vertical" size="middle">
              <img src={setup.data.qrDataUrl} width={240} height={240} alt={t('totp.qrAlt')} />
              <Typography.Text>
                {t('totp.manual')}{' '}
                <Typography.Text code copyable dir="ltr">
                  {setup.data.secret}
                </Typography.Text>
              </Typography.Text>
              <AppForm form={form} layout="vertical" requiredMark={false} onFinish={confirm}>
                <Form.Item name="code" label={t('totp.firstCode')} normalize={asciiDigitsOf}>
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    dir="ltr"
                    style={{ maxWidth: 200 }}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={enable.isPending}>
                  {t('totp.confirm')}
                </Button>
              </AppForm>
            </Space>
          )}
        </Card>
      )}
    </>
  );
}
