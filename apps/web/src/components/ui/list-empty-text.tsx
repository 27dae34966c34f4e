import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's empty text: "nothing yet" only when nothing is filtered. A search that finds nothing said "No products
 * yet: create one", as if the shop were empty; it now says so and offers the way back to the whole list.
 */
export function ListEmptyText({
  isFiltered,
  empty,
  onClearFilters,
}: {
  isFiltered: boolean;
  empty: ReactNode;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('common');
  if (!isFiltered) {
    return empty;
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.noMatch')}>
      <Button onClick={onClearFilters}>{t('table.clearFilters')}</Button>
    </Empty>
  );
}
