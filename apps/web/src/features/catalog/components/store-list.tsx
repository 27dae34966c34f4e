import type { TStoreCard } from '@caravan/contracts';
import type { ReactNode } from 'react';
import { useInAppLinkHandler } from '../../../lib/in-app-link';
import { StoreCard } from './store-card';

export function StoreList({
  stores,
  renderExtra,
}: {
  stores: TStoreCard[];
  renderExtra?: (store: TStoreCard) => ReactNode;
}) {
  const onOpen = useInAppLinkHandler();
  return (
    <ul className={renderExtra ? 'cv-store-row cv-store-row--actions' : 'cv-store-row'}>
      {stores.map((store) => (
        <li key={store.id}>
          <StoreCard store={store} extra={renderExtra?.(store)} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
