import { GiftOutlined } from '@ant-design/icons';
import { type TAccountType, ZRegisterRequest } from '@caravan/contracts';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/auth/account-fields';
import { AccountForm } from '../../../components/auth/account-form';
import { AuthCard } from '../../../components/auth/auth-card';
import { asciiDigitsOf } from '../../../lib/ascii-digits';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { checkMobileField } from '../../../lib/phone-check';
import { readSafeRedirect, setSession } from '../../../lib/session';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { registerBuyer } from '../api/auth-api';

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm();
  const [accountType, setAccountType] = useState<TAccountType>('username');
  const [isSubmitting, setIsSubmitting] = useState(false);

  // SPEC §3: the agent code kept from `?code=` on entry is the invitation code, unless the visitor typed one.
  // Read after mounting: the server-rendered page has no storage, and hydration must match it.
  useEffect(() => {
    const agentCode = readStorage(STORAGE_KEYS.agentCode);
    if (agentCode && /^[A-Za-z0-9]{4,16}$/.test(agentCode) && !form.getFieldValue('invitationCode')) {
      form.setFieldsValue({ invitationCode: agentCode });
    }
  }, [form]);

  const submit = async () => {
    const agentCode = readStorage(STORAGE_KEYS.agentCode) ?? undefined;
    const raw = form.getFieldsValue();
    const values = {
      accountType,
      account: raw.account ?? '',
      password: raw.password ?? '',
      confirmPassword: raw.confirmPassword ?? '',
      ...(accountType === 'mobile' ? { areaCode: raw.areaCode } : {}),
      ...(raw.invitationCode ? { invitationCode: raw.invitationCode } : {}),
      ...(agentCode ? { agentCode } : {}),
    };
    const isParsed = parseFormValues(form, ZRegisterRequest, values, t) !== null;
    const isMobileOk =
      accountType !== 'mobile' || checkMobileField(form, 'account', raw.areaCode, raw.account, t);
    if (!isParsed || !isMobileOk) {
      return;
    }
    setIsSubmitting(true);
    try {
      const { user } = await registerBuyer(values);
      setSession({ userInfo: user });
      toast.success(t('register.succeeded'));
      await navigate(readSafeRedirect(location.search), { replace: true });
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <AccountForm
        form={form}
        accountType={accountType}
        onAccountTypeChange={setAccountType}
        onFinish={submit}
      >
        <PasswordField name="password" labelKey="fields.password" autoComplete="new-password" />
        <PasswordField name="confirmPassword" labelKey="fields.confirmPassword" autoComplete="new-password" />
        <Form.Item
          name="invitationCode"
          label={t('fields.invitationCode')}
          extra={t('fields.optional')}
          normalize={asciiDigitsOf}
        >
          <Input prefix={<GiftOutlined aria-hidden="true" />} maxLength={16} autoComplete="off" />
        </Form.Item>
        <p className="cv-muted">{t('register.passwordRule')}</p>
        <Button type="primary" htmlType="submit" block loading={isSubmitting}>
          {t('register.submit')}
        </Button>
      </AccountForm>
      <div className="cv-auth__links">
        <span>
          {t('register.hasAccount')} <Link to={`/login${location.search}`}>{t('register.toLogin')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
