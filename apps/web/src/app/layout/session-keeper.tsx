import type { TUserInfo } from '@caravan/contracts';
import { HEARTBEAT_MS } from '@caravan/contracts/constants';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { getSession, isLoggedIn, reloadSessionFromStorage, setSession, useSession } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';

/** Refreshes the stored user info once per load and sends the 5-minute heartbeat while logged in. */
export function SessionKeeper() {
  const session = useSession();
  const hasSession = isLoggedIn(session);

  useEffect(() => {
    if (!hasSession) {
      return;
    }
    const controller = new AbortController();
    api
      .get<{ user: TUserInfo }>('/auth/me', { signal: controller.signal })
      .then(({ user }) => setSession({ token: getSession().token, userInfo: user }))
      .catch(() => undefined);
    const timer = window.setInterval(() => {
      api.post('/auth/heartbeat').catch(() => undefined);
    }, HEARTBEAT_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [hasSession]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.userInfo) {
        reloadSessionFromStorage();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
}
