import type { TChatSendRequest } from '@caravan/contracts';

/** Messages typed while offline, kept in this browser until they are sent (SPEC: sent when the connection returns). */
export type TOutboxItem = {
  conversationId: string;
  clientId: string;
  body: TChatSendRequest;
  createdAt: string;
};

const KEY = 'caravan.chat.outbox';

function read(): TOutboxItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as TOutboxItem[]) : [];
  } catch {
    return [];
  }
}

export function listOutbox(conversationId: string): TOutboxItem[] {
  return read().filter((item) => item.conversationId === conversationId);
}

export function putOutbox(item: TOutboxItem): void {
  const items = read().filter((i) => i.clientId !== item.clientId);
  items.push(item);
  localStorage.setItem(KEY, JSON.stringify(items.slice(-200)));
}

export function removeOutbox(clientId: string): void {
  localStorage.setItem(KEY, JSON.stringify(read().filter((i) => i.clientId !== clientId)));
}

export function newClientId(): string {
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
