import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failOnAntdWarnings } from '../../testing/antd-warnings';
import { setUpComponentTests } from '../../testing/render';
import { ItemList, ItemListItem, ItemListMeta } from './item-list';

type TFruit = { id: string; name: string };

const FRUITS: TFruit[] = ['Apple', 'Banana', 'Cherry'].map((name, index) => ({ id: String(index), name }));

/** Twelve numbered fruits: more than a page of ten. */
const MANY_FRUITS: TFruit[] = Array.from({ length: 12 }, (_, index) => ({
  id: String(index),
  name: `Fruit ${index + 1}`,
}));

function renderFruits(props: Partial<Parameters<typeof ItemList<TFruit>>[0]> = {}) {
  return render(
    <ItemList<TFruit>
      items={FRUITS}
      itemKey={(fruit) => fruit.id}
      renderItem={(fruit) => (
        <ItemListItem
          data-testid="fruit-row"
          actions={[
            <button key="eat" type="button">
              Eat {fruit.name}
            </button>,
            <button key="throw" type="button">
              Throw {fruit.name}
            </button>,
          ]}
          extra={<span>fresh</span>}
        >
          <ItemListMeta title={fruit.name} description={`A ${fruit.name.toLowerCase()}`} />
        </ItemListItem>
      )}
      {...props}
    />,
  );
}

describe('ItemList', () => {
  setUpComponentTests();
  failOnAntdWarnings();

  it('shows each item as a list item, with its title, description, actions and extra', () => {
    renderFruits();
    const rows = screen.getAllByTestId('fruit-row');
    expect(rows.map((row) => row.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect(rows[0]!.parentElement!.tagName).toBe('UL');
    const apple = within(rows[0]!);
    expect(apple.getByRole('heading', { name: 'Apple' })).toBeTruthy();
    expect(apple.getByText('A apple')).toBeTruthy();
    expect(apple.getByText('fresh')).toBeTruthy();
    const actions = within(apple.getByRole('list')).getAllByRole('listitem');
    expect(actions.map((action) => action.textContent)).toEqual(['Eat Apple', 'Throw Apple']);
  });

  it('puts the title at heading level 2 by default and 3 under a section', () => {
    render(
      <ItemList<TFruit>
        items={FRUITS.slice(0, 1)}
        itemKey={(fruit) => fruit.id}
        renderItem={(fruit) => (
          <ItemListItem>
            <ItemListMeta title={fruit.name} />
            <ItemListMeta headingLevel={3} title={`${fruit.name} again`} />
          </ItemListItem>
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Apple' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Apple again' })).toBeTruthy();
  });

  it('says what an empty list says, and no list', () => {
    renderFruits({ items: [], emptyText: 'No fruit yet' });
    expect(screen.getByText('No fruit yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('while loading its first items, shows the spinner rather than the empty text', () => {
    const { container } = renderFruits({ items: [], emptyText: 'No fruit yet', isLoading: true });
    expect(screen.queryByText('No fruit yet')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('while reloading, keeps the items shown under the spinner', () => {
    const { container } = renderFruits({ isLoading: true });
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(3);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows the items it holds a page at a time, with a pager only when there is more than one page', () => {
    const { unmount } = renderFruits({ paging: { pageSize: 10 } });
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(3);
    expect(screen.queryByTitle('2')).toBeNull();
    unmount();

    renderFruits({ items: MANY_FRUITS, paging: { pageSize: 10 } });
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(10);
    fireEvent.click(screen.getByTitle('2'));
    expect(
      screen.getAllByTestId('fruit-row').map((row) => within(row).getByRole('heading').textContent),
    ).toEqual(['Fruit 11', 'Fruit 12']);
  });

  it('shows a fetched page as it is and asks its owner for another', () => {
    const onChange = vi.fn();
    renderFruits({ paging: { current: 1, pageSize: 3, total: 7, onChange } });
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(3);
    fireEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 3);
  });
});
