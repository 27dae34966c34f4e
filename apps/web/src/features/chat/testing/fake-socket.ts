import { act } from '@testing-library/react';
import type { ChatSocket, TSocketEvent } from '../lib/chat-socket';

/** A live connection the test speaks through: `push` is what the server would send down the socket. */
export function fakeChatSocket() {
  const listeners = new Set<(event: TSocketEvent) => void>();
  const socket = {
    on: (listener: (event: TSocketEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onState: () => () => undefined,
    send: () => true,
  };
  return {
    socket: socket as unknown as ChatSocket,
    push: (event: TSocketEvent) => {
      act(() => {
        for (const listener of listeners) {
          listener(event);
        }
      });
    },
  };
}
