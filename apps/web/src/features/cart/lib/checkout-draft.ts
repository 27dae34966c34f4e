import { useEffect, useRef } from 'react';
import { readSessionJson, removeSession, SESSION_KEYS, writeSessionJson } from '../../../lib/storage';

/** What the buyer chose at the checkout, per store id where it is per order. */
export type TCheckoutDraft = {
  coupons: Record<string, string>;
  remarks: Record<string, string>;
  addressId: string | undefined;
};

type TStoredDraft = TCheckoutDraft & { goods: string };

function isTextRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** The kept draft when it is for these goods; anything else (other goods, a damaged value) is no draft. */
export function readCheckoutDraft(goods: string): TCheckoutDraft | null {
  const stored = readSessionJson<Partial<TStoredDraft>>(SESSION_KEYS.checkoutDraft);
  if (
    !stored ||
    stored.goods !== goods ||
    !isTextRecord(stored.coupons) ||
    !isTextRecord(stored.remarks) ||
    (stored.addressId !== undefined && typeof stored.addressId !== 'string')
  ) {
    return null;
  }
  return { coupons: stored.coupons, remarks: stored.remarks, addressId: stored.addressId };
}

export function forgetCheckoutDraft(): void {
  removeSession(SESSION_KEYS.checkoutDraft);
}

/**
 * Keeps the checkout's choices over a reload of the tab (a chosen coupon was lost, and the order placed without it
 * if the buyer did not notice). `goods` names what is being checked out (the buy-now line or the ticked cart lines),
 * null while it is not known yet: a draft is given back only to a checkout of the same goods, once, through
 * `restore`; from then on every change is kept.
 */
export function useCheckoutDraft(
  goods: string | null,
  draft: TCheckoutDraft,
  restore: (draft: TCheckoutDraft) => void,
): void {
  const restoredFor = useRef<string | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  useEffect(() => {
    if (goods === null || restoredFor.current !== null) {
      return;
    }
    restoredFor.current = goods;
    const kept = readCheckoutDraft(goods);
    if (kept) {
      restoreRef.current(kept);
    }
  }, [goods]);
  const { coupons, remarks, addressId } = draft;
  useEffect(() => {
    // Not before the kept draft was read: the empty first state would overwrite it.
    if (goods === null || restoredFor.current === null) {
      return;
    }
    writeSessionJson(SESSION_KEYS.checkoutDraft, {
      goods,
      coupons,
      remarks,
      addressId,
    } satisfies TStoredDraft);
  }, [goods, coupons, remarks, addressId]);
}
