import {
  DownloadOutlined,
  HeartOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useSession } from '../../../lib/session';
import { UserAvatar } from '../components/user-avatar';

const SHORTCUTS = [
  { to: '/userInfo/my-order', labelKey: 'userCentre.orders', icon: <ProfileOutlined aria-hidden /> },
  { to: '/userInfo/money-package', labelKey: 'userCentre.wallet', icon: <WalletOutlined aria-hidden /> },
  { to: '/userInfo/collect-goods', labelKey: 'userCentre.favourites', icon: <HeartOutlined aria-hidden /> },
  { to: '/userInfo/collect-shop', labelKey: 'userCentre.followedShops', icon: <ShopOutlined aria-hidden /> },
  { to: '/userInfo/setup', labelKey: 'userCentre.settings', icon: <SettingOutlined aria-hidden /> },
  { to: '/userInfo/download', labelKey: 'userCentre.download', icon: <DownloadOutlined aria-hidden /> },
] as const;

function greetingKey(hour: number): string {
  if (hour < 12) {
    return 'dashboard.goodMorning';
  }
  return hour < 18 ? 'dashboard.goodAfternoon' : 'dashboard.goodEvening';
}

export default function DashboardPage() {
  const { t } = useTranslation(['account', 'common']);
  const { userInfo } = useSession();
  const name = userInfo?.displayName ?? '';
  return (
    <PageFrame titleKey="routes.dashboard" crumbs={[{ labelKey: 'routes.userInfo' }]}>
      <Card className="cv-dashboard__profile">
        <UserAvatar avatar={userInfo?.avatar ?? 1} name={name} />
        <div>
          <h2 className="cv-dashboard__greeting">{t(greetingKey(new Date().getHours()), { name })}</h2>
          <dl className="cv-facts">
            <div>
              <dt>{t('dashboard.usercode')}</dt>
              <dd>
                <bdi dir="ltr">{userInfo?.usercode ?? '--'}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('dashboard.invitationCode')}</dt>
              <dd dir="ltr">
                {userInfo?.invitationCode ? (
                  <Typography.Text
                    copyable={{ tooltips: [t('common:actions.copy'), t('common:actions.copied')] }}
                  >
                    {userInfo.invitationCode}
                  </Typography.Text>
                ) : (
                  '--'
                )}
              </dd>
            </div>
          </dl>
        </div>
      </Card>
      <nav className="cv-shortcuts" aria-label={t('dashboard.shortcuts')}>
        {SHORTCUTS.map((item) => (
          <Link key={item.to} to={item.to} className="cv-shortcut">
            <span className="cv-shortcut__icon" aria-hidden="true">
              {item.icon}
            </span>
            <span>{t(`common:${item.labelKey}`)}</span>
          </Link>
        ))}
      </nav>
    </PageFrame>
  );
}
