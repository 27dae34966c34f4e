import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Menu } from 'antd';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LabelWithCount } from '../ui/label-with-count';
import { LogoGlyph } from '../ui/logo';
import { PageSkeleton } from '../ui/page-skeleton';

/** `count`: an unread count shown beside the entry (nothing for zero). */
export type TConsoleMenuItem = { path: string; labelKey: string; icon: ReactNode; count?: number };

type TConsoleLayoutProps = {
  /** Dictionary namespace of the console (`admin`, `seller`, `cs`). */
  namespace: string;
  basePath: string;
  titleKey: string;
  menu: TConsoleMenuItem[];
  userName: string;
  onLogout: () => Promise<void>;
};

/** Ant Design Pro-like frame shared by the seller, admin and customer-service consoles. */
export function ConsoleLayout({
  namespace,
  basePath,
  titleKey,
  menu,
  userName,
  onLogout,
}: TConsoleLayoutProps) {
  const { t } = useTranslation([namespace, 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const current = menu.find((item) => location.pathname.startsWith(`${basePath}/${item.path}`));
  const title = t(titleKey);
  useEffect(() => {
    document.title = current ? `${t(current.labelKey)} · ${title}` : title;
  }, [current, t, title]);
  return (
    <Layout className="cv-console">
      <Layout.Sider
        collapsible
        collapsed={isCollapsed}
        trigger={null}
        breakpoint="md"
        onBreakpoint={setIsCollapsed}
        width={220}
        className="cv-console__sider"
        theme="light"
      >
        <Link to={basePath} className="cv-console__brand">
          <LogoGlyph size={28} />
          {!isCollapsed && <span>{title}</span>}
        </Link>
        <Menu
          mode="inline"
          selectedKeys={current ? [current.path] : []}
          items={menu.map((item) => ({
            key: item.path,
            icon: item.icon,
            label: item.count ? (
              <LabelWithCount label={t(item.labelKey)} count={item.count} />
            ) : (
              t(item.labelKey)
            ),
          }))}
          onClick={({ key }) => {
            void navigate(`${basePath}/${key}`);
          }}
        />
      </Layout.Sider>
      <Layout className="cv-console__main">
        <Layout.Header className="cv-console__header">
          <Button
            type="text"
            icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setIsCollapsed((value) => !value)}
            aria-label={t('common:console.toggleMenu')}
            aria-expanded={!isCollapsed}
          />
          <Breadcrumb
            className="cv-console__crumbs"
            items={[
              { title: <Link to={basePath}>{title}</Link> },
              ...(current ? [{ title: t(current.labelKey) }] : []),
            ]}
          />
          <span className="cv-console__user">{userName}</span>
          <Button
            type="text"
            icon={<LogoutOutlined />}
            loading={isLoggingOut}
            onClick={async () => {
              setIsLoggingOut(true);
              try {
                await onLogout();
              } finally {
                setIsLoggingOut(false);
              }
            }}
          >
            {t('common:header.logout')}
          </Button>
        </Layout.Header>
        <Layout.Content className="cv-console__content">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Heading row of a console page. */
export function ConsolePageHead({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="cv-console__page-head">
      <h1>{title}</h1>
      {extra}
    </div>
  );
}
