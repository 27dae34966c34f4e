import { useEffect } from 'react';
import { api } from '../../../lib/api';

/** Counts the view and feeds guess-you-like (the server keys it by visitor cookie or user). */
export function useRecordProductView(id: string, isReady: boolean): void {
  useEffect(() => {
    if (!id || !isReady) {
      return;
    }
    api.post(`/catalog/products/${encodeURIComponent(id)}/view`).catch(() => undefined);
  }, [id, isReady]);
}
