import { WEBSOCKET_RETRY_MS } from '@caravan/contracts/constants';

export type TSocketEvent = { type: string } & Record<string, unknown>;
type TListener = (event: TSocketEvent) => void;
type TStateListener = (isOpen: boolean) => void;

const PING_MS = 25_000;
/**
 * The server closes with these when it refuses the socket (4401 not logged in, or no longer: the session ended; 4403
 * another origin's page): asking again every second would be refused every second. The app learns of an ended session
 * from its next call and stops the socket; until then it asks again at this pace.
 */
const REFUSED_CLOSE_CODES: ReadonlySet<number> = new Set([4401, 4403]);
export const REFUSED_RETRY_MS = 30_000;

/**
 * The live connection (SPEC §4: JSON both ways, retry every 1 s until open; a refusal, every 30 s). Identifies with the session cookie of
 * `as` (buyer, seller or staff), so no token is ever put in the URL. Runs only in the browser.
 */
export class ChatSocket {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<TListener>();
  private readonly stateListeners = new Set<TStateListener>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private isStopped = true;
  isOpen = false;

  constructor(private readonly as: 'buyer' | 'seller' | 'staff') {}

  start(): void {
    if (!this.isStopped) {
      return;
    }
    this.isStopped = false;
    this.connect();
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.socket?.close();
    this.socket = null;
    this.setOpen(false);
  }

  on(listener: TListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: TStateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  send(event: Record<string, unknown>): boolean {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(event));
      return true;
    }
    return false;
  }

  private setOpen(isOpen: boolean) {
    if (this.isOpen !== isOpen) {
      this.isOpen = isOpen;
      for (const listener of this.stateListeners) {
        listener(isOpen);
      }
    }
  }

  private connect() {
    if (this.isStopped) {
      return;
    }
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${scheme}://${window.location.host}/ws?as=${this.as}`);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      let event: TSocketEvent;
      try {
        event = JSON.parse(String(message.data)) as TSocketEvent;
      } catch {
        return;
      }
      if (event.type === 'hello') {
        this.setOpen(true);
      }
      for (const listener of this.listeners) {
        listener(event);
      }
    };
    socket.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.socket === socket) {
        this.socket = null;
        this.setOpen(false);
        this.scheduleRetry(REFUSED_CLOSE_CODES.has(event.code) ? REFUSED_RETRY_MS : WEBSOCKET_RETRY_MS);
      }
    };
    socket.onerror = () => {
      socket.close();
    };
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
  }

  private scheduleRetry(afterMs = WEBSOCKET_RETRY_MS) {
    clearTimeout(this.retryTimer);
    if (!this.isStopped) {
      this.retryTimer = setTimeout(() => this.connect(), afterMs);
    }
  }
}
