import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import commonEn from '../../locales/en/common.json';
import { setUpComponentTests } from '../../testing/render';
import { ListEmptyText } from './list-empty-text';

describe('ListEmptyText', () => {
  setUpComponentTests();

  it('says the list is empty only when nothing is filtered', () => {
    render(<ListEmptyText isFiltered={false} empty="No products yet" onClearFilters={vi.fn()} />);
    expect(screen.getByText('No products yet')).toBeTruthy();
    expect(screen.queryByText(commonEn.table.noMatch)).toBeNull();
  });

  it('says a filtered search found nothing, and clears the filters on request', () => {
    const onClearFilters = vi.fn();
    render(<ListEmptyText isFiltered empty="No products yet" onClearFilters={onClearFilters} />);
    expect(screen.queryByText('No products yet')).toBeNull();
    expect(screen.getByText(commonEn.table.noMatch)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: commonEn.table.clearFilters }));
    expect(onClearFilters).toHaveBeenCalledOnce();
  });
});
