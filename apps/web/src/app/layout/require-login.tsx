import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn, useSession } from '../../lib/session';

export function buildLoginPath(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/** User-centre routes need a session; visitors go to /login and come back afterwards. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!isLoggedIn(session)) {
    return <Navigate to={buildLoginPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
