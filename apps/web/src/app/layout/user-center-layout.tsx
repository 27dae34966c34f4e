import {
  BellOutlined,
  DashboardOutlined,
  DownloadOutlined,
  GiftOutlined,
  HeartOutlined,
  IdcardOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LabelWithCount } from '../../components/ui/label-with-count';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useSelectedInView } from '../../components/ui/selected-in-view';
import { KeyboardScrollableTables } from '../../components/ui/table-scrollers';
import { useUnreadCounts } from '../slots';

const MENU = [
  { key: '/userInfo/dashboard', labelKey: 'userCentre.dashboard', icon: DashboardOutlined },
  { key: '/userInfo/my-order', labelKey: 'userCentre.orders', icon: ProfileOutlined },
  {
    key: '/userInfo/notifications',
    labelKey: 'userCentre.notifications',
    icon: BellOutlined,
  },
  { key: '/userInfo/collect-goods', labelKey: 'userCentre.favourites', icon: HeartOutlined },
  { key: '/userInfo/collect-shop', labelKey: 'userCentre.followedShops', icon: ShopOutlined },
  { key: '/userInfo/money-package', labelKey: 'userCentre.wallet', icon: WalletOutlined },
  { key: '/userInfo/coupons', labelKey: 'userCentre.coupons', icon: GiftOutlined },
  {
    key: '/userInfo/verification',
    labelKey: 'userCentre.verification',
    icon: IdcardOutlined,
  },
  { key: '/userInfo/setup', labelKey: 'userCentre.settings', icon: SettingOutlined },
  { key: '/userInfo/download', labelKey: 'userCentre.download', icon: DownloadOutlined },
] as const;

/** The menu entry a user-centre path belongs to (order-detail -> orders, setup/x -> settings, ...). */
export function findUserCentreMenuKey(pathname: string): string {
  if (pathname.startsWith('/userInfo/order-')) {
    return '/userInfo/my-order';
  }
  const match = MENU.find((item) => pathname === item.key || pathname.startsWith(`${item.key}/`));
  return match?.key ?? '/userInfo/dashboard';
}

export default function UserCenterLayout() {
  const { t, i18n } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadCounts();
  const menuKey = findUserCentreMenuKey(location.pathname);
  const menuBox = useRef<HTMLElement>(null);
  // On a phone the menu is a strip that scrolls sideways (global.css): it opens at the current section.
  useSelectedInView(menuBox, '.ant-menu-item-selected', `${menuKey} ${i18n.language}`, '.ant-menu');
  return (
    <div className="cv-user-centre">
      <aside ref={menuBox} className="cv-user-centre__menu" aria-label={t('routes.userInfo')}>
        <Menu
          mode="inline"
          selectedKeys={[menuKey]}
          items={MENU.map(({ icon: Icon, ...item }) => ({
            key: item.key,
            icon: <Icon aria-hidden />,
            label:
              item.key === '/userInfo/notifications' ? (
                <LabelWithCount label={t(item.labelKey)} count={unread.notifications} />
              ) : (
                t(item.labelKey)
              ),
          }))}
          onClick={({ key }) => {
            void navigate(key);
          }}
        />
      </aside>
      <div className="cv-user-centre__content">
        <KeyboardScrollableTables>
          {/* A boundary per menu entry shows the next page's skeleton at once (see ConsoleLayout). */}
          <Suspense key={menuKey} fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </KeyboardScrollableTables>
      </div>
    </div>
  );
}
