import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setSearchText } from '../../../app/layout/header-search';
import { api } from '../../../lib/api';
import { clearSession, runLogoutHandlers } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** SPEC §4 logout: server call, then forget search text, session, user info and cart, toast, go home. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      // The local session is dropped regardless: the server session expires on its own.
    }
    // Cleared as a log-out, so the login guard of a protected page sends the user home too, not to /login.
    clearSession('logout');
    await navigate('/index');
    setSearchText('');
    runLogoutHandlers();
    queryClient.clear();
    toast.success(t('success.logoutSucceeded'));
  }, [navigate, queryClient, t]);
}
