import { CustomerServiceOutlined, LogoutOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { HEADER_SHRINK_PX } from '@caravan/contracts/constants';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LightButton } from '../../components/ui/light-button';
import { Logo } from '../../components/ui/logo';
import { useLogout } from '../../features/auth/api/use-logout';
import { isLoggedIn, useSession } from '../../lib/session';
import { SearchBoxSlot, useChatLaunchers, useUnreadCounts } from '../slots';
import { LanguageMenu } from './language-menu';

export const NAV_TABS = [
  { to: '/index', labelKey: 'nav.home' },
  { to: '/classification', labelKey: 'nav.classification' },
  { to: '/commodity', labelKey: 'nav.commodity' },
  { to: '/discounted', labelKey: 'nav.discounted' },
  { to: '/merchantSettled', labelKey: 'nav.merchantSettled' },
  { to: '/credit', labelKey: 'nav.credit' },
] as const;

function useIsScrolledPast(threshold: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const update = () => setIsPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isPast;
}

function AccountLinks() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  if (!isLoggedIn(session)) {
    return (
      <div className="cv-account">
        <Link to="/login">{t('header.login')}</Link>
        <span aria-hidden="true" className="cv-account__sep">
          |
        </span>
        <Link to="/register">{t('header.register')}</Link>
      </div>
    );
  }
  return (
    <div className="cv-account">
      <Link to="/userInfo/dashboard" className="cv-account__name" title={session.userInfo?.displayName}>
        <UserOutlined aria-hidden="true" />{' '}
        <span>{session.userInfo?.displayName ?? t('header.myAccount')}</span>
      </Link>
      <LightButton
        variant="text"
        size="small"
        icon={<LogoutOutlined aria-hidden="true" />}
        aria-label={t('header.logout')}
        isLoading={isLoggingOut}
        onClick={async () => {
          setIsLoggingOut(true);
          try {
            await logout();
          } finally {
            setIsLoggingOut(false);
          }
        }}
      >
        <span className="cv-hide-narrow">{t('header.logout')}</span>
      </LightButton>
    </div>
  );
}

/** Plain buttons: Ant Design's Button and Badge would add their code to every first page load. */
function HeaderIconButton({
  label,
  count,
  icon,
  onClick,
}: {
  label: string;
  count: number;
  icon: ReactNode;
  onClick: () => void;
}) {
  const fullLabel = count > 0 ? `${label} (${count})` : label;
  return (
    <LightButton variant="text" isIconOnly icon={icon} aria-label={fullLabel} title={label} onClick={onClick}>
      {count > 0 && (
        <span className="cv-count-badge" aria-hidden="true" dir="ltr">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </LightButton>
  );
}

export function Header() {
  const { t } = useTranslation('common');
  const isCompact = useIsScrolledPast(HEADER_SHRINK_PX);
  const unread = useUnreadCounts();
  const { openService, openChat } = useChatLaunchers();
  return (
    <header className={`cv-header${isCompact ? ' cv-header--compact' : ''}`}>
      <a className="cv-skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <div className="cv-header__bar cv-container">
        <Link to="/index" className="cv-header__logo" aria-label={t('header.home')}>
          <Logo isCompact={isCompact} />
        </Link>
        <div className="cv-header__search">
          <SearchBoxSlot />
        </div>
        <div className="cv-header__actions">
          <AccountLinks />
          <HeaderIconButton
            label={t('header.customerService')}
            count={unread.service}
            icon={<CustomerServiceOutlined aria-hidden="true" />}
            onClick={openService}
          />
          <HeaderIconButton
            label={t('header.messages')}
            count={unread.chat}
            icon={<MessageOutlined aria-hidden="true" />}
            onClick={openChat}
          />
          <LanguageMenu />
        </div>
      </div>
      <nav className="cv-nav" aria-label={t('a11y.mainNavigation')}>
        <ul className="cv-container cv-nav__list">
          {NAV_TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} className={({ isActive }) => `cv-nav__tab${isActive ? ' is-active' : ''}`}>
                {t(tab.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
