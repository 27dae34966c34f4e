import { CustomerServiceOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { HEADER_SHRINK_PX } from '@caravan/contracts/constants';
import type { MouseEvent, ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { LightButton } from '../../components/ui/light-button';
import { Logo } from '../../components/ui/logo';
import { useSelectedInView } from '../../components/ui/selected-in-view';
import { useLogout } from '../../features/auth/api/use-logout';
import { isLoggedIn, useSession } from '../../lib/session';
import { SearchBoxSlot, useChatLaunchers, useUnreadCounts } from '../slots';
import { LogoutButton } from './logout-button';

export const NAV_TABS = [
  { to: '/index', labelKey: 'nav.home' },
  { to: '/classification', labelKey: 'nav.classification' },
  { to: '/commodity', labelKey: 'nav.commodity' },
  { to: '/discounted', labelKey: 'nav.discounted' },
  { to: '/merchantSettled', labelKey: 'nav.merchantSettled' },
  { to: '/credit', labelKey: 'nav.credit' },
] as const;

/**
 * The tab NavLink marks active for a path (-1 for none), by NavLink's own rule: the tab's path or one below it,
 * ignoring case. The server keys the header's markup by it (store-layout.tsx).
 */
export function activeNavTab(pathname: string): number {
  const path = pathname.toLowerCase();
  return NAV_TABS.findIndex(({ to }) => {
    const tab = to.toLowerCase();
    return path === tab || (path.startsWith(tab) && path.charAt(tab.length) === '/');
  });
}

/**
 * The header shrinks once the page is scrolled past `threshold` (SPEC §2). The header is sticky, so shrinking it
 * would pull the page up by the height it loses; the browser's scroll anchoring then moves the scroll position
 * back above the threshold, the header grows again, and it flickers for as long as the visitor stays there. A
 * spacer of exactly the lost height keeps everything below the header where it was, so the scroll position, and
 * the header, stay put.
 */
function useShrinkingHeader(threshold: number) {
  const headerRef = useRef<HTMLElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const expandedHeight = useRef(0);
  // Starts expanded even on a page restored further down: the first layout measures the full height.
  const [isCompact, setIsCompact] = useState(false);
  useEffect(() => {
    const update = () => setIsCompact(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  useLayoutEffect(() => {
    const header = headerRef.current;
    const spacer = spacerRef.current;
    if (!header || !spacer) {
      return;
    }
    const compensate = () => {
      if (isCompact) {
        // The spacer takes the whole expanded height before the compact header is measured: measuring lays the
        // page out, and a page shorter by the lost height at that moment had its scroll position clamped. At the
        // bottom of a page the page jumped up by the lost height, and a click there landed 56 px off its target.
        spacer.style.height = `${expandedHeight.current}px`;
        const lost = Math.max(0, expandedHeight.current - header.offsetHeight);
        spacer.style.height = `${lost}px`;
      } else {
        spacer.style.height = '';
        expandedHeight.current = header.offsetHeight;
      }
    };
    // Scroll anchoring stays off on the body (whose descendants it anchors to) for the two frames in which the
    // header changes: where the header's own rows were in view it still moved the page, clamped at the top, and
    // never moved it back. The spacer keeps the content in place, so nothing needs anchoring then.
    const root = document.body;
    root.style.overflowAnchor = 'none';
    compensate();
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        root.style.overflowAnchor = '';
      });
    });
    // The header's height also changes with the window's width, the language and the log-in state.
    const observer = new ResizeObserver(compensate);
    observer.observe(header);
    return () => {
      cancelAnimationFrame(frame);
      root.style.overflowAnchor = '';
      observer.disconnect();
    };
  }, [isCompact]);
  return { headerRef, spacerRef, isCompact };
}

/** Pages a visitor is not sent back to after logging in or registering: home, and the account pages themselves. */
const NO_RETURN_PATHS = new Set(['/', '/index', '/login', '/register', '/forgot-password']);

/**
 * The header's "Log in" and "Register": once done, the visitor comes back to the page they were on (a new seller who
 * registered from the merchant application landed on the home page). The address is added on click, not in the
 * markup: the header is one server-rendered fragment shared by every page (app/server-fragment.tsx).
 */
function useReturningLink(path: '/login' | '/register') {
  const location = useLocation();
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (NO_RETURN_PATHS.has(location.pathname) || event.metaKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    const here = `${location.pathname}${location.search}`;
    void navigate(`${path}?redirect=${encodeURIComponent(here)}`);
  };
}

function AccountLinks() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const toLogin = useReturningLink('/login');
  const toRegister = useReturningLink('/register');
  if (!isLoggedIn(session)) {
    return (
      <div className="cv-account">
        <Link to="/login" onClick={toLogin}>
          {t('header.login')}
        </Link>
        <span aria-hidden="true" className="cv-account__sep">
          |
        </span>
        <Link to="/register" onClick={toRegister}>
          {t('header.register')}
        </Link>
      </div>
    );
  }
  return (
    <div className="cv-account">
      <Link to="/userInfo/dashboard" className="cv-account__name" title={session.userInfo?.displayName}>
        <UserOutlined aria-hidden="true" />{' '}
        {/* Its own direction: an e-mail on an Arabic page was cut at its start ("…1@example.com"), not its end. */}
        <span dir="auto">{session.userInfo?.displayName ?? t('header.myAccount')}</span>
      </Link>
      <LogoutButton onLogout={logout} />
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
  const shownCount = count > 99 ? '99+' : String(count);
  // The name holds the count as shown (not in brackets), so someone who speaks to the page can say what they see.
  const fullLabel = count > 0 ? `${label} ${shownCount}` : label;
  return (
    <LightButton variant="text" isIconOnly icon={icon} aria-label={fullLabel} title={label} onClick={onClick}>
      {count > 0 && (
        <span className="cv-count-badge" aria-hidden="true" dir="ltr">
          {shownCount}
        </span>
      )}
    </LightButton>
  );
}

export function Header() {
  const { t, i18n } = useTranslation('common');
  const { headerRef, spacerRef, isCompact } = useShrinkingHeader(HEADER_SHRINK_PX);
  const { pathname } = useLocation();
  const tabList = useRef<HTMLUListElement>(null);
  // A phone's tab row scrolls sideways: it shows the current tab, also once the compact header (which hides the row,
  // losing its scroll position) grows back.
  useSelectedInView(tabList, '.is-active', isCompact ? null : `${pathname} ${i18n.language}`);
  const unread = useUnreadCounts();
  const { openService, openChat } = useChatLaunchers();
  return (
    <>
      <header ref={headerRef} className={`cv-header${isCompact ? ' cv-header--compact' : ''}`}>
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
          <ul ref={tabList} className="cv-container cv-nav__list">
            {NAV_TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className={({ isActive }) => `cv-nav__tab${isActive ? ' is-active' : ''}`}
                >
                  {t(tab.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div ref={spacerRef} className="cv-header-spacer" aria-hidden="true" />
    </>
  );
}
