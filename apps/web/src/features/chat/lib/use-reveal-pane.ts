import { useEffect, useRef } from 'react';

/** The width below which the chat consoles stack their list above the conversation (chat.css, .cv-chat-console). */
const STACKED_QUERY = '(max-width: 900px)';

/**
 * A ref for a console's conversation pane that is scrolled into view when `conversationId` changes while the panes
 * are stacked: on a phone the conversation opens below the list, out of sight of the tap that chose it.
 */
export function useRevealPane(conversationId: string | null) {
  const paneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conversationId && window.matchMedia?.(STACKED_QUERY).matches) {
      paneRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [conversationId]);
  return paneRef;
}
