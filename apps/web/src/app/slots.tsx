import { CartButton } from '../features/cart/components/cart-button';
import { SearchBox } from '../features/catalog/components/search-box';
import {
  ChatProvider,
  useChatLaunchers as useChatDialogLaunchers,
  useUnreadCounts as useChatUnreadCounts,
} from '../features/chat/components/chat-provider';

/**
 * Integration points other teams fill (features never import each other; the shell imports them here).
 * Replace one implementation with your feature's export and keep the signature.
 */

/** Chat team: unread counts for the header badges (live, and polled every 30 s: SPEC §7). */
export const useUnreadCounts = useChatUnreadCounts;

/** Chat team: what the customer-service and chat icons open (SPEC §2 chat dialog, or the external page). */
export const useChatLaunchers = useChatDialogLaunchers;

/** Chat team: the socket, badges and dialog around the storefront (client-only after hydration). */
export const ChatProviderSlot = ChatProvider;

/** Catalogue team: the header search box (suggestions, history); HeaderSearch shows the contract. */
export const SearchBoxSlot = SearchBox;

/**
 * Cart team: always mounted in the storefront (cart events, merge after log in); the floating button and its
 * 400 px drawer show only where `isVisible` (the routes SPEC §2 lists).
 */
export const CartButtonSlot = CartButton;
