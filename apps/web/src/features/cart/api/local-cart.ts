import { registerLogoutHandler } from '../../../lib/session';
import {
  onOtherTabChange,
  readJsonStorage,
  removeStorage,
  STORAGE_KEYS,
  writeStorage,
} from '../../../lib/storage';

/** A visitor's cart line, kept in localStorage `cart` until log in merges it into the server cart. */
export type TLocalCartLine = {
  productId: string;
  variantId: string | null;
  quantity: number;
  isChecked: boolean;
};

export const LOCAL_CART_LIMIT = 200;

type TListener = () => void;
const listeners = new Set<TListener>();
let cache: TLocalCartLine[] | null = null;

function isLine(value: unknown): value is TLocalCartLine {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const line = value as Record<string, unknown>;
  return (
    typeof line.productId === 'string' &&
    /^\d{1,19}$/.test(line.productId) &&
    (line.variantId === null || (typeof line.variantId === 'string' && /^\d{1,19}$/.test(line.variantId))) &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1 &&
    typeof line.isChecked === 'boolean'
  );
}

const NO_LINES: TLocalCartLine[] = [];

/**
 * The server snapshot: server-rendered pages know nothing of this browser's cart. An empty cart is this same
 * array in the browser too, so hydrating finds the snapshot unchanged: a changed store snapshot re-renders its
 * components at once, synchronously (Total Blocking Time, docs/operations.md).
 */
export function readNoLines(): TLocalCartLine[] {
  return NO_LINES;
}

export function readLocalCart(): TLocalCartLine[] {
  if (cache === null) {
    const stored = readJsonStorage<unknown>(STORAGE_KEYS.cart);
    const lines = Array.isArray(stored) ? stored.filter(isLine).slice(0, LOCAL_CART_LIMIT) : [];
    cache = lines.length > 0 ? lines : NO_LINES;
  }
  return cache;
}

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

export function writeLocalCart(lines: TLocalCartLine[]): void {
  cache = lines.length > 0 ? lines.slice(0, LOCAL_CART_LIMIT) : NO_LINES;
  if (cache.length === 0) {
    removeStorage(STORAGE_KEYS.cart);
  } else {
    writeStorage(STORAGE_KEYS.cart, JSON.stringify(cache));
  }
  emit();
}

export function clearLocalCart(): void {
  writeLocalCart([]);
}

export function subscribeLocalCart(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toLineKey(line: { productId: string; variantId: string | null }): string {
  return `${line.productId}:${line.variantId ?? ''}`;
}

/** Adds to an existing line of the same goods and variant, like the server cart does. */
export function addLocalCartLine(input: {
  productId: string;
  variantId: string | null;
  quantity: number;
}): void {
  const lines = readLocalCart();
  const key = toLineKey(input);
  const existing = lines.find((line) => toLineKey(line) === key);
  if (existing) {
    writeLocalCart(
      lines.map((line) =>
        line === existing ? { ...line, quantity: line.quantity + input.quantity, isChecked: true } : line,
      ),
    );
    return;
  }
  writeLocalCart([...lines, { ...input, isChecked: true }]);
}

registerLogoutHandler(() => {
  cache = NO_LINES;
  emit();
});

onOtherTabChange(STORAGE_KEYS.cart, () => {
  cache = null;
  emit();
});
