import type { TUserInfo } from '@caravan/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { api } from '../../lib/api';
import {
  buildLoginPath,
  getSession,
  hasSessionEnded,
  isLoggedIn,
  setSession,
  useSession,
  wasLoggedOut,
} from '../../lib/session';

/**
 * The one question this page load asks the server for a session that storage does not know: the session cookie is
 * httpOnly, so a signed-in browser whose storage was cleared looked logged out and was sent to /login.
 */
let serverCheck: Promise<void> | undefined;
let hasAskedServer = false;

function askServerForSession(): Promise<void> {
  serverCheck ??= api
    .get<{ user: TUserInfo }>('/auth/me')
    .then(
      ({ user }) => {
        // A log-in or log-out meanwhile has the last word.
        if (!isLoggedIn(getSession()) && !hasSessionEnded()) {
          setSession({ userInfo: user });
        }
      },
      () => undefined,
    )
    .finally(() => {
      hasAskedServer = true;
    });
  return serverCheck;
}

/** Storage knows no user, no session ended in this load and the server was not asked yet: a cookie may be there. */
function mayHaveCookieSession(): boolean {
  return !isLoggedIn(getSession()) && !hasSessionEnded() && !hasAskedServer;
}

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
