import {
  isTrivialPin,
  type TSendCodeRequest,
  V,
  ZChangeTxPasswordRequest,
  ZResetTxPasswordRequest,
  ZSetTxPasswordRequest,
} from '@caravan/contracts';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { PageFrame } from '../../../components/ui/page-frame';
import { VerificationCodeField } from '../../../components/ui/verification-code-field';
import { asciiDigitsOf } from '../../../lib/ascii-digits';
import { parseFormValues, showSubmitError, translateValidation } from '../../../lib/form';
import { readSafeRedirect, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { changeTxPassword, refreshCurrentUser, resetTxPassword, setTxPassword } from '../api/account-api';
import { SETUP_CRUMBS } from '../components/setup-crumbs';

const TX_PASSWORD_CODE_REQUEST: TSendCodeRequest = { purpose: 'resetTxPassword' };
const DIGITS_INPUT = { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } as const;

/**
 * Names a trivial new PIN (isTrivialPin, the rule the server applies) as soon as its sixth digit is typed; the
 * format and the confirmation wait for the submit (parseFormValues), so a half-typed PIN is not scolded.
 */
function notTrivialPinRule(t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'string' && isTrivialPin(value)) {
        throw new Error(translateValidation(t, V.txPasswordTooSimple));
      }
    },
  };
}

/** This page's address in the other mode (`?mode=forgot`), keeping where to go back to afterwards. */
function modePath(search: string, isForgot: boolean): string {
  const params = new URLSearchParams(search);
  if (isForgot) {
    params.set('mode', 'forgot');
  } else {
    params.delete('mode');
  }
  const query = params.toString();
  return `/userInfo/setup/transaction-password${query ? `?${query}` : ''}`;
}

/**
 * Set the 6-digit transaction password twice, change it with the old one, or, forgotten (`?mode=forgot`), set a new
 * one with a code sent to the account's e-mail address or mobile number.
 */
export default function TransactionPasswordPage() {
  const { t } = useTranslation(['account', 'services', 'validation', 'common']);
  const { userInfo } = useSession();
  const isChange = Boolean(userInfo?.hasTxPassword);
  const location = useLocation();
  const isForgot = isChange && new URLSearchParams(location.search).get('mode') === 'forgot';
  const hasCodeAddress = Boolean(userInfo?.email || userInfo?.phone);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async () => {
    const values = form.getFieldsValue();
    setIsSubmitting(true);
    try {
      if (isForgot) {
        const body = parseFormValues(form, ZResetTxPasswordRequest, values, t);
        if (!body) {
          return;
        }
        await resetTxPassword(body);
      } else if (isChange) {
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
  const intro = isForgot
    ? 'txPassword.forgotIntro'
    : isChange
      ? 'txPassword.changeIntro'
      : 'txPassword.setIntro';
  return (
    <PageFrame titleKey="routes.transactionPassword" crumbs={SETUP_CRUMBS}>
      <Card className="cv-form-card">
        <p className="cv-muted">{t(intro)}</p>
        {isForgot && !hasCodeAddress ? (
          <Alert
            type="warning"
            showIcon
            title={t('txPassword.noCodeAddress')}
            action={<Link to="/userInfo/setup">{t('txPassword.bindAddress')}</Link>}
          />
        ) : (
          // A new form for each mode: what was typed for one is not sent by the other.
          <AppForm
            key={String(isForgot)}
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
          >
            {isForgot && (
              <VerificationCodeField
                typedRequest={TX_PASSWORD_CODE_REQUEST}
                buildRequest={() => TX_PASSWORD_CODE_REQUEST}
              />
            )}
            {isChange && !isForgot && (
              <Form.Item
                name="oldTxPassword"
                label={t('txPassword.old')}
                normalize={asciiDigitsOf}
                extra={<Link to={modePath(location.search, true)}>{t('common:txPassword.forgot')}</Link>}
              >
                <Input.Password {...DIGITS_INPUT} />
              </Form.Item>
            )}
            <Form.Item
              name="txPassword"
              label={t('txPassword.new')}
              normalize={asciiDigitsOf}
              extra={t('txPassword.rule')}
              rules={[notTrivialPinRule(t)]}
            >
              <Input.Password {...DIGITS_INPUT} />
            </Form.Item>
            <Form.Item name="confirmTxPassword" label={t('txPassword.confirm')} normalize={asciiDigitsOf}>
              <Input.Password {...DIGITS_INPUT} />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={isSubmitting}>
                {t('common:actions.save')}
              </Button>
              {isForgot && (
                // Remembered after all: back to the payment that asked for it, else to changing it.
                <Link to={readSafeRedirect(location.search, modePath(location.search, false))}>
                  {t('txPassword.remembered')}
                </Link>
              )}
            </Space>
          </AppForm>
        )}
      </Card>
    </PageFrame>
  );
}
