/**
 * Opens the chat dialog from any page without importing the chat feature (features do not import each other):
 * the chat provider listens for this event. "Contact the seller" on product and order pages uses it.
 */
export type TChatTarget =
  | { kind: 'service'; productId?: string }
  | { kind: 'shop'; storeId: string; storeName?: string; productId?: string; orderNo?: string }
  | { kind: 'list' };

export const OPEN_CHAT_EVENT = 'caravan:open-chat';

export function openChat(target: TChatTarget): void {
  window.dispatchEvent(new CustomEvent<TChatTarget>(OPEN_CHAT_EVENT, { detail: target }));
}
