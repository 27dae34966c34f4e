import { WEBSOCKET_RETRY_MS } from '@caravan/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocket, REFUSED_RETRY_MS } from './chat-socket';

/** A stand-in for the browser's WebSocket: records each one opened, and the test closes it with a code. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send() {}
  close(code = 1000) {
    this.onclose?.({ code });
  }
}

describe('ChatSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens again after a second when the line drops (SPEC §4), but after half a minute when it was refused', () => {
    const socket = new ChatSocket('buyer');
    socket.start();
    expect(FakeSocket.opened).toHaveLength(1);
    expect(FakeSocket.opened[0]!.url).toMatch(/\/ws\?as=buyer$/);
    // A dropped connection.
    FakeSocket.opened[0]!.close(1006);
    vi.advanceTimersByTime(WEBSOCKET_RETRY_MS);
    expect(FakeSocket.opened).toHaveLength(2);
    // Refused: the session ended (4401). Asking every second would be refused every second.
    FakeSocket.opened[1]!.close(4401);
    vi.advanceTimersByTime(WEBSOCKET_RETRY_MS * 5);
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(REFUSED_RETRY_MS);
    expect(FakeSocket.opened).toHaveLength(3);
    // Stopped (logged out here): never again.
    socket.stop();
    vi.advanceTimersByTime(REFUSED_RETRY_MS * 2);
    expect(FakeSocket.opened).toHaveLength(3);
  });
});
