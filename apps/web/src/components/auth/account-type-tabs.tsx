import { ACCOUNT_TYPES, type TAccountType } from '@caravan/contracts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Username, e-mail or mobile: how the log-in and registration forms take the account. The three tabs share the
 * row and a long label wraps (global.css, .cv-even-tabs), so all three stay on a 360 px phone in every language:
 * in French, Spanish, Portuguese and Arabic the last one went behind a "more" menu, a button inside the tab list
 * that assistive technology cannot make sense of.
 */
export function AccountTypeTabs({
  value,
  onChange,
}: {
  value: TAccountType;
  onChange: (type: TAccountType) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Tabs
      activeKey={value}
      className="cv-even-tabs"
      tabBarGutter={12}
      onChange={(key) => onChange(key as TAccountType)}
      items={ACCOUNT_TYPES.map((type) => ({ key: type, label: t(`tabs.${type}`) }))}
    />
  );
}
