import {
  DeleteOutlined,
  EnvironmentOutlined,
  KeyOutlined,
  LaptopOutlined,
  LockOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useSession } from '../../../lib/session';
import { ProfileCard } from '../components/profile-card';
import { ReferralCard } from '../components/referral-card';

export default function SetupIndexPage() {
  const { t } = useTranslation(['account', 'common', 'services', 'auth']);
  const { userInfo } = useSession();
  const items = [
    {
      to: 'login-password',
      titleKey: 'common:routes.loginPassword',
      hintKey: 'setup.loginPasswordHint',
      icon: <LockOutlined aria-hidden />,
    },
    {
      to: 'transaction-password',
      titleKey: 'common:routes.transactionPassword',
      hintKey: userInfo?.hasTxPassword ? 'setup.txPasswordSet' : 'setup.txPasswordNotSet',
      icon: <KeyOutlined aria-hidden />,
    },
    {
      to: 'shipping-address',
      titleKey: 'common:routes.shippingAddress',
      hintKey: 'setup.addressHint',
      icon: <EnvironmentOutlined aria-hidden />,
    },
    {
      to: 'sessions',
      titleKey: 'common:routes.sessions',
      hintKey: 'services:sessions.hint',
      icon: <LaptopOutlined aria-hidden />,
    },
    {
      to: 'account-cancellation',
      titleKey: 'common:routes.accountCancellation',
      hintKey: 'setup.cancellationHint',
      icon: <DeleteOutlined aria-hidden />,
    },
  ];
  return (
    <PageFrame titleKey="routes.setup" crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}>
      <ProfileCard />
      <ul className="cv-setup-list">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={`/userInfo/setup/${item.to}`}>
              <span className="cv-setup-list__icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="cv-setup-list__text">
                <strong>{t(item.titleKey)}</strong>
                <span>{t(item.hintKey)}</span>
              </span>
              <RightOutlined className="cv-flip-rtl" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <ReferralCard />
    </PageFrame>
  );
}
