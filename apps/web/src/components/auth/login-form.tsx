import { type TAccountType, type TLoginRequest, ZLoginRequest } from '@caravan/contracts';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { parseFormValues, showSubmitError } from '../../lib/form';
import { PasswordField } from './account-fields';
import { AccountForm } from './account-form';
import { HumanCheck } from './human-check';
import { useHumanCheck } from './use-human-check';

type TTypedAccount = { accountType: TAccountType; account: string; areaCode?: string };

/**
 * What was typed in the Username tab, as the account it names: usernames are letters and digits only, so an
 * "@" is an e-mail and a leading "+" an international mobile number ("+44 7911 123456"). The owner logs in with
 * it instead of getting "wrong account or password" counted toward the lock (the legacy log-in guessed so too).
 * libphonenumber's numbering plans load only for such a number, not with the log-in page.
 */
export async function accountTypedAsUsername(typed: string): Promise<TTypedAccount | null> {
  const account = typed.trim();
  if (account.includes('@')) {
    return { accountType: 'email', account };
  }
  if (!account.startsWith('+')) {
    return null;
  }
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  const phone = parsePhoneNumberFromString(account.replace(/[\s().-]/g, ''));
  return phone
    ? { accountType: 'mobile', areaCode: `+${phone.countryCallingCode}`, account: phone.nationalNumber }
    : null;
}

type TLoginFormProps = {
  onSubmit: (body: TLoginRequest) => Promise<void>;
  submitLabelKey?: string;
};

/** Username / e-mail / mobile log-in; shows the server's localised error (wrong password, lockouts) inline. */
export function LoginForm({ onSubmit, submitLabelKey = 'login.submit' }: TLoginFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const [form] = Form.useForm();
  const [accountType, setAccountType] = useState<TAccountType>('username');
  const [serverError, setServerError] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const humanCheck = useHumanCheck('user', { onChallengeErrorAnswered: () => setServerError('') });

  const submit = async () => {
    setServerError('');
    let values = { ...form.getFieldsValue(), accountType };
    let typed: TTypedAccount | null = null;
    try {
      typed = accountType === 'username' ? await accountTypedAsUsername(String(values.account ?? '')) : null;
    } catch (error) {
      // The numbering plans did not load (the connection dropped): nothing is sent that could count toward the lock.
      setServerError(showSubmitError(form, error, t));
      return;
    }
    if (typed) {
      // The tab follows what was typed, so the form shows the account it logs in with.
      setAccountType(typed.accountType);
      form.setFieldsValue({
        account: typed.account,
        ...(typed.areaCode ? { areaCode: typed.areaCode } : {}),
      });
      values = { ...values, ...typed };
    }
    const body = parseFormValues(form, ZLoginRequest, values, t);
    if (!body) {
      return;
    }
    setIsSubmitting(true);
    try {
      await onSubmit({
        accountType: body.accountType,
        account: body.account,
        password: body.password,
        ...(body.accountType === 'mobile' ? { areaCode: body.areaCode } : {}),
        ...(humanCheck.answer ? { challenge: humanCheck.answer } : {}),
      });
      humanCheck.afterAttempt();
    } catch (error) {
      humanCheck.afterAttempt(error);
      if (isApiError(error) && error.fieldErrors.length === 0) {
        setServerError(error.message);
      } else {
        setServerError(showSubmitError(form, error, t));
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AccountForm
      form={form}
      accountType={accountType}
      onAccountTypeChange={(type) => {
        setAccountType(type);
        setServerError('');
      }}
      onFinish={submit}
    >
      <PasswordField name="password" labelKey="fields.password" autoComplete="current-password" />
      {humanCheck.isNeeded && <HumanCheck key={humanCheck.key} onSolved={humanCheck.onSolved} />}
      {serverError && (
        <Alert type="error" showIcon title={serverError} role="alert" className="cv-form-alert" />
      )}
      <Button type="primary" htmlType="submit" block loading={isSubmitting}>
        {t(submitLabelKey)}
      </Button>
    </AccountForm>
  );
}
