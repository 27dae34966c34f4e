import { useEffect, useState } from 'react';
import { ChatSocket, type TSocketEvent } from './chat-socket';

/** A socket for a console page (/seller as the shop, /cs as an agent), open while the page is. */
export function useConsoleSocket(as: 'seller' | 'staff', onEvent: (event: TSocketEvent) => void) {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    const next = new ChatSocket(as);
    const stopState = next.onState(setIsOpen);
    next.start();
    setSocket(next);
    return () => {
      stopState();
      next.stop();
    };
  }, [as]);
  useEffect(() => (socket ? socket.on(onEvent) : undefined), [socket, onEvent]);
  return { socket, isOpen };
}
