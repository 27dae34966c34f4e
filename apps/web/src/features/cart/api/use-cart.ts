import {
  formatMoney,
  lineAmount,
  MAX_BUY_DEFAULT,
  parseMoney,
  type TCart,
  type TCartGroup,
  type TCartItem,
  type TProductDetail,
} from '@caravan/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isLoggedIn, useSession } from '../../../lib/session';
import { CART_KEY, PRODUCT_KEY } from './cart-keys';
import { checkCartItems } from './check-cart-items';
import { deleteCartItem } from './delete-cart-item';
import { getCart } from './get-cart';
import { getProduct } from './get-product';
import {
  readLocalCart,
  readNoLines,
  subscribeLocalCart,
  type TLocalCartLine,
  toLineKey,
  writeLocalCart,
} from './local-cart';
import { updateCartItem } from './update-cart-item';

export type TCartState = {
  cart: TCart | undefined;
  isLoading: boolean;
  /** The server's cart could not be read (and none is known yet): the page offers to ask again, not "empty". */
  loadFailure: { isError: boolean; error: unknown; refetch: () => unknown } | null;
  isLoggedIn: boolean;
  isBusy: boolean;
  setQuantity: (item: TCartItem, quantity: number) => void;
  setChecked: (itemIds: string[] | undefined, isChecked: boolean) => void;
  removeItem: (item: TCartItem) => Promise<void>;
};

function summarise(groups: TCartGroup[], maxBuy: number): TCart {
  const items = groups.flatMap((group) => group.items);
  const checked = items.filter((item) => item.isChecked && item.isAvailable);
  const available = items.filter((item) => item.isAvailable);
  return {
    groups,
    checkAll: available.length > 0 && checked.length === available.length,
    isIndeterminate: checked.length > 0 && checked.length < available.length,
    checkedCount: checked.length,
    checkedTotal: formatMoney(checked.reduce((sum, item) => sum + parseMoney(item.lineTotal), 0n)),
    count: items.length,
    maxBuy,
  };
}

/** Builds the same shape the server answers from the browser cart and the products' public facts. */
export function buildLocalCart(lines: TLocalCartLine[], products: Map<string, TProductDetail>): TCart {
  const groups = new Map<string, TCartGroup>();
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) {
      continue;
    }
    const variant = line.variantId ? product.variants.find((v) => v.id === line.variantId) : undefined;
    const price = parseMoney(variant?.price ?? product.price);
    const buyMin = product.buyMin || 1;
    const stock = variant?.stock ?? product.stock;
    const isListed = product.isOnShelf && (!line.variantId || variant !== undefined);
    const isAvailable = isListed && stock >= buyMin;
    // The same limit the server cart applies: the order maximum or the stock, whichever is lower.
    const maxBuy = Math.max(buyMin, Math.min(product.maxBuy || MAX_BUY_DEFAULT, stock));
    const item: TCartItem = {
      id: toLineKey(line),
      productId: line.productId,
      variantId: line.variantId,
      name: product.name,
      checkAttrName: variant?.name ?? '',
      imgUrl: product.images[0]?.url ?? null,
      price: formatMoney(price),
      count: line.quantity,
      buyMin,
      maxBuy,
      stock,
      isChecked: line.isChecked && isAvailable && line.quantity <= maxBuy,
      isAvailable,
      unavailableReason: isListed ? (isAvailable ? null : 'INSUFFICIENT_STOCK') : null,
      lineTotal: formatMoney(lineAmount(price, line.quantity)),
      seller: { id: product.store.id, name: product.store.name },
    };
    const group = groups.get(product.store.id) ?? {
      seller: item.seller,
      items: [],
      checkAll: false,
      isIndeterminate: false,
      checkTotal: '0',
    };
    group.items.push(item);
    groups.set(product.store.id, group);
  }
  const list = [...groups.values()].map((group) => {
    const part = summarise([group], MAX_BUY_DEFAULT);
    return {
      ...group,
      checkAll: part.checkAll,
      isIndeterminate: part.isIndeterminate,
      checkTotal: part.checkedTotal,
    };
  });
  return summarise(list, MAX_BUY_DEFAULT);
}

/** One cart for the drawer and checkout: the browser's for a visitor, the server's for a logged-in user. */
export function useCart(): TCartState {
  const session = useSession();
  const hasSession = isLoggedIn(session);
  const queryClient = useQueryClient();
  const server = useQuery({ queryKey: CART_KEY, queryFn: getCart, enabled: hasSession });
  const localLines = useSyncExternalStore(subscribeLocalCart, readLocalCart, readNoLines);
  const productIds = hasSession ? [] : [...new Set(localLines.map((line) => line.productId))];
  const productQueries = useQueries({
    queries: productIds.map((id) => ({ queryKey: PRODUCT_KEY(id), queryFn: () => getProduct(id) })),
  });
  const products = new Map<string, TProductDetail>();
  for (const query of productQueries) {
    if (query.data) {
      products.set(query.data.id, query.data);
    }
  }
  const onServerCart = (cart: TCart) => queryClient.setQueryData(CART_KEY, cart);
  const rereadCart = () => queryClient.invalidateQueries({ queryKey: CART_KEY });
  // A read of the cart still on its way (the drawer reads it again as it opens) would land after a change and put
  // the cart as it was before back on screen: a box the buyer unticked came back ticked, and went to checkout so.
  const dropCartRead = () => queryClient.cancelQueries({ queryKey: CART_KEY });
  const quantityMutation = useMutation({
    // One change at a time, in the order made: quick clicks on + could otherwise land out of order and leave the
    // cart at an earlier quantity.
    scope: { id: 'cart-quantity' },
    mutationFn: ({ id, quantity }: { id: string; quantity: number }) => updateCartItem(id, { quantity }),
    onMutate: dropCartRead,
    onSuccess: onServerCart,
    onError: rereadCart,
  });
  const checkMutation = useMutation({
    mutationFn: ({ itemIds, isChecked }: { itemIds?: string[]; isChecked: boolean }) =>
      checkCartItems({ itemIds, isChecked }),
    onMutate: dropCartRead,
    onSuccess: onServerCart,
    onError: rereadCart,
  });
  const deleteMutation = useMutation({
    mutationFn: deleteCartItem,
    onMutate: dropCartRead,
    onSuccess: onServerCart,
    onError: rereadCart,
  });

  const setQuantity = useCallback(
    (item: TCartItem, quantity: number) => {
      if (!Number.isInteger(quantity) || quantity < item.buyMin || quantity > item.maxBuy) {
        return;
      }
      if (hasSession) {
        quantityMutation.mutate({ id: item.id, quantity });
        return;
      }
      writeLocalCart(
        readLocalCart().map((line) => (toLineKey(line) === item.id ? { ...line, quantity } : line)),
      );
    },
    [hasSession, quantityMutation],
  );
  const setChecked = useCallback(
    (itemIds: string[] | undefined, isChecked: boolean) => {
      if (hasSession) {
        checkMutation.mutate({ itemIds, isChecked });
        return;
      }
      const ids = itemIds ? new Set(itemIds) : null;
      writeLocalCart(
        readLocalCart().map((line) =>
          ids === null || ids.has(toLineKey(line)) ? { ...line, isChecked } : line,
        ),
      );
    },
    [hasSession, checkMutation],
  );
  const removeItem = useCallback(
    async (item: TCartItem) => {
      if (hasSession) {
        await deleteMutation.mutateAsync(item.id);
        return;
      }
      writeLocalCart(readLocalCart().filter((line) => toLineKey(line) !== item.id));
    },
    [hasSession, deleteMutation],
  );

  const isLocalLoading = productQueries.some((query) => query.isLoading);
  return {
    cart: hasSession ? server.data : buildLocalCart(localLines, products),
    isLoading: hasSession ? server.isLoading : isLocalLoading,
    loadFailure: hasSession && server.isError && !server.data ? server : null,
    isLoggedIn: hasSession,
    isBusy: quantityMutation.isPending || checkMutation.isPending || deleteMutation.isPending,
    setQuantity,
    setChecked,
    removeItem,
  };
}
