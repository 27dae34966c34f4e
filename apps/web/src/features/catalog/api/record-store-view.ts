import { useEffect } from 'react';
import { api } from '../../../lib/api';

export function useRecordStoreView(id: string, isReady: boolean): void {
  useEffect(() => {
    if (!id || !isReady) {
      return;
    }
    api.post(`/catalog/stores/${encodeURIComponent(id)}/view`).catch(() => undefined);
  }, [id, isReady]);
}
