import { useNavigate } from 'react-router';
import { CartButton } from '../features/cart/components/cart-button';
import { SearchBox } from '../features/catalog/components/search-box';

/**
 * Integration points other teams fill (features never import each other; the shell imports them here).
 * Replace one implementation with your feature's export and keep the signature.
 */

/** Chat team: unread counts for the header badges (SPEC §7: 30 s unread poll). */
export function useUnreadCounts(): { service: number; chat: number } {
  return { service: 0, chat: 0 };
}

/** Chat team: what the customer-service and chat icons open (SPEC §2 chat dialog). */
export function useChatLaunchers(): { openService: () => void; openChat: () => void } {
  const navigate = useNavigate();
  return {
    openService: () => {
      void navigate('/help/service-policy');
    },
    openChat: () => {
      void navigate('/help/service-policy');
    },
  };
}

/** Catalogue team: the header search box (suggestions, history); HeaderSearch shows the contract. */
export const SearchBoxSlot = SearchBox;

/**
 * Cart team: always mounted in the storefront (cart events, merge after log in); the floating button and its
 * 400 px drawer show only where `isVisible` (the routes SPEC §2 lists).
 */
export const CartButtonSlot = CartButton;
