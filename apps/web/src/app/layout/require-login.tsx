import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { askServerForSession, mayHaveCookieSession } from '../../lib/server-session';
import { buildLoginPath, isLoggedIn, useSession, wasLoggedOut } from '../../lib/session';

/** User-centre routes need a session; visitors go to /login and come back afterwards; a log-out goes home. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [isAsking, setIsAsking] = useState(mayHaveCookieSession);
  useEffect(() => {
    if (!isAsking) {
      return;
    }
    let isCurrent = true;
    void askServerForSession().then(() => {
      if (isCurrent) {
        setIsAsking(false);
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [isAsking]);
  if (!isLoggedIn(session)) {
    if (wasLoggedOut()) {
      // A log-out from a user-centre page ends at home, whichever renders first: this guard or the log-out's navigation.
      return <Navigate to="/index" replace />;
    }
    if (isAsking) {
      return <PageSkeleton />;
    }
    return <Navigate to={buildLoginPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
