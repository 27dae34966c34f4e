import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChatSettings } from '../components/chat-provider';
import type { TSocketEvent } from '../lib/chat-socket';
import { useConsoleSocket } from '../lib/use-console-socket';
import { chatApi, chatKeys } from './chat-api';

/**
 * The customer-service console's menu counts: conversations waiting for an agent plus unread ones of the agent's
 * own, keyed by section path. The same query (key and request) as the Conversations page's "Waiting · Unread in
 * mine" line, so both show one figure; refreshed live by the agent's socket and by the unread poll (SPEC §9).
 */
export function useCsMenuCounts(): Partial<Record<string, number>> {
  const queryClient = useQueryClient();
  const settings = useChatSettings();
  const unread = useQuery({
    queryKey: chatKeys.unread('cs'),
    queryFn: () => chatApi.csUnread(),
    refetchInterval: settings.unreadPollSeconds * 1000,
  });
  const onEvent = useCallback(
    (event: TSocketEvent) => {
      if (event.type === 'message' || event.type === 'conversation' || event.type === 'unread') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread('cs') });
      }
    },
    [queryClient],
  );
  useConsoleSocket('staff', onEvent);
  return { conversations: (unread.data?.waiting ?? 0) + (unread.data?.mine ?? 0) };
}
