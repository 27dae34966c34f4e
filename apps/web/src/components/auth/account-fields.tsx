import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import type { TAccountType } from '@caravan/contracts';
import { Form, Input, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { asciiDigitsOf } from '../../lib/ascii-digits';

/**
 * The area codes' list (Ant Design's select and libphonenumber's regions) loads when the mobile tab is chosen: most
 * people log in with a username, and the log-in page is the first page of every account visit.
 */
const AreaCodeSelect = lazy(() =>
  import('./area-code-select').then((module) => ({ default: module.AreaCodeSelect })),
);

/** The area code field; until its list has loaded, the chosen code in a box of the same size. */
function AreaCodeField(props: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation('auth');
  return (
    <Suspense
      fallback={
        <Input
          id={props.id}
          value={props.value}
          disabled
          aria-label={t('fields.areaCode')}
          style={{ width: 140 }}
          dir="ltr"
        />
      }
    >
      <AreaCodeSelect {...props} />
    </Suspense>
  );
}

/** Account name field for the chosen tab: username, e-mail, or area code plus mobile number. */
export function AccountField({ accountType }: { accountType: TAccountType }) {
  const { t } = useTranslation('auth');
  if (accountType === 'mobile') {
    return (
      <Form.Item label={t('fields.mobile')} required>
        <Space.Compact block>
          <Form.Item name="areaCode" noStyle>
            <AreaCodeField />
          </Form.Item>
          <Form.Item name="account" noStyle normalize={asciiDigitsOf}>
            <Input
              prefix={<MobileOutlined aria-hidden="true" />}
              inputMode="numeric"
              autoComplete="tel-national"
              aria-label={t('fields.mobile')}
              placeholder={t('fields.mobilePlaceholder')}
              maxLength={15}
              dir="ltr"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  const isEmail = accountType === 'email';
  return (
    <Form.Item name="account" label={t(isEmail ? 'fields.email' : 'fields.username')}>
      <Input
        prefix={isEmail ? <MailOutlined aria-hidden="true" /> : <UserOutlined aria-hidden="true" />}
        autoComplete={isEmail ? 'email' : 'username'}
        // An e-mail keyboard, not type="email": the browser's bubble, in the browser's language, covered the form's
        // own message and held the submit.
        inputMode={isEmail ? 'email' : undefined}
        placeholder={t(isEmail ? 'fields.emailPlaceholder' : 'fields.usernamePlaceholder')}
        maxLength={64}
      />
    </Form.Item>
  );
}

export function PasswordField({
  name,
  labelKey,
  autoComplete,
}: {
  name: string;
  labelKey: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name={name} label={t(labelKey)}>
      <Input.Password
        prefix={<LockOutlined aria-hidden="true" />}
        autoComplete={autoComplete}
        maxLength={64}
      />
    </Form.Item>
  );
}
