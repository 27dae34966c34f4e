import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { SearchInput } from './search-input';

describe('SearchInput', () => {
  setUpComponentTests();

  it("names its buttons in the page's language, not after Ant Design's icons", () => {
    const onSearch = vi.fn();
    render(<SearchInput aria-label="Order number" allowClear defaultValue="2026" onSearch={onSearch} />);
    // Ant Design's own buttons were named "search" and "close-circle".
    expect(screen.queryByRole('button', { name: 'search' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'close-circle' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('2026', expect.anything(), expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect((screen.getByRole('searchbox', { name: 'Order number' }) as HTMLInputElement).value).toBe('');
  });
});
