import type { TPermission, TStaffInfo } from '@caravan/contracts';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageSkeleton } from '../ui/page-skeleton';
import { buildConsoleLoginPath } from './console-redirect';
import { hasPermission, useStaffMe } from './staff-session';

/** Sends visitors to the console's log-in and refuses staff without the console's permission. */
export function StaffGuard({
  basePath,
  permission,
  children,
}: {
  basePath: string;
  permission?: TPermission | readonly TPermission[];
  children: (staff: TStaffInfo) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const me = useStaffMe();
  if (me.isLoading) {
    return <PageSkeleton />;
  }
  if (!me.data) {
    return (
      <Navigate to={buildConsoleLoginPath(basePath, `${location.pathname}${location.search}`)} replace />
    );
  }
  if (!hasPermission(me.data, permission)) {
    return <Result status="403" title={t('console.noPermission')} />;
  }
  return children(me.data);
}
