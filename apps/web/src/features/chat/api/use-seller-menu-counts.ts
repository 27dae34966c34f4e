import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChatSettings } from '../components/chat-provider';
import type { TSocketEvent } from '../lib/chat-socket';
import { useConsoleSocket } from '../lib/use-console-socket';
import { chatApi, chatKeys } from './chat-api';

/**
 * The seller panel's menu counts: unread buyer messages (chat) and unread notifications, refreshed live by
 * the shop's socket and by the unread poll (SPEC §9, 30 s by default). Keys are seller section paths.
 */
export function useSellerMenuCounts(): Partial<Record<string, number>> {
  const queryClient = useQueryClient();
  const settings = useChatSettings();
  const refetchInterval = settings.unreadPollSeconds * 1000;
  const chat = useQuery({
    queryKey: chatKeys.unread('seller'),
    queryFn: () => chatApi.sellerUnread(),
    refetchInterval,
  });
  const notifications = useQuery({
    queryKey: chatKeys.notificationsUnread('seller'),
    queryFn: () => chatApi.notificationsUnread('seller'),
    refetchInterval,
  });
  const onEvent = useCallback(
    (event: TSocketEvent) => {
      if (event.type === 'message' || event.type === 'unread') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread('seller') });
        void queryClient.invalidateQueries({ queryKey: chatKeys.notificationsOf('seller') });
      }
    },
    [queryClient],
  );
  useConsoleSocket('seller', onEvent);
  return { chat: chat.data?.unread ?? 0, notifications: notifications.data?.unread ?? 0 };
}
