import type { TUserInfo } from '@caravan/contracts';
import { HEARTBEAT_MS } from '@caravan/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { askServerForSession, shouldRestoreSession, wasSessionRestored } from '../../lib/server-session';
import { getSession, isLoggedIn, reloadSessionFromStorage, setSession, useSession } from '../../lib/session';
import { onOtherTabChange, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * Milliseconds until the next heartbeat is due. The last one's time is kept in storage, so a page load, a
 * language switch (which reloads) or a second tab does not restart the 5-minute count: a visitor who moves
 * on more often than every 5 minutes would otherwise never send one.
 */
function msUntilHeartbeat(now: number): number {
  const last = Number(readStorage(STORAGE_KEYS.heartbeatAt));
  if (!Number.isFinite(last) || last <= 0 || last > now) {
    writeStorage(STORAGE_KEYS.heartbeatAt, String(now));
    return HEARTBEAT_MS;
  }
  return Math.max(0, last + HEARTBEAT_MS - now);
}

/**
 * Refreshes the stored user info once per load and sends the 5-minute heartbeat while logged in (SPEC §7). When
 * storage knows no user but the server's marker says a session exists, it asks for the profile once after
 * hydrating: header, cart and chat follow the session store, and the catalogue's favourite and follow state is
 * read again, as for a buyer known from storage (main.tsx).
 */
export function SessionKeeper() {
  const session = useSession();
  const hasSession = isLoggedIn(session);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!shouldRestoreSession()) {
      return;
    }
    void askServerForSession().then((isRestored) => {
      if (isRestored) {
        void queryClient.invalidateQueries({ queryKey: ['catalog'] });
      }
    });
  }, [queryClient]);

  useEffect(() => {
    if (!hasSession) {
      removeStorage(STORAGE_KEYS.heartbeatAt);
      return;
    }
    const controller = new AbortController();
    // A session this load restored from the server (above) comes with fresh user info already.
    if (!wasSessionRestored()) {
      api
        .get<{ user: TUserInfo }>('/auth/me', { signal: controller.signal })
        .then(({ user }) => {
          // A late answer must not log back in a user who logged out meanwhile.
          if (!controller.signal.aborted && isLoggedIn(getSession())) {
            setSession({ userInfo: user });
          }
        })
        .catch(() => undefined);
    }
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(beat, msUntilHeartbeat(Date.now()));
    };
    const beat = () => {
      writeStorage(STORAGE_KEYS.heartbeatAt, String(Date.now()));
      api.post('/auth/heartbeat', {}, { signal: controller.signal }).catch(() => undefined);
      schedule();
    };
    // Background tabs have their timers slowed down: catch up as soon as the page is seen again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        schedule();
      }
    };
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [hasSession]);

  useEffect(() => onOtherTabChange(STORAGE_KEYS.userInfo, reloadSessionFromStorage), []);

  return null;
}
