import { zPageNum, zSortQuery } from '@caravan/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Address } from '../../testing/address';
import { setUpComponentTests } from '../../testing/render';
import { readAddress, useFilterInAddress } from '../console/filter-in-address';
import { DataTable } from './data-table';
import { sortingInAddress, type TTableSort } from './table-sort';

const SORTS = ['createdAt', 'amount'] as const;
type TSort = (typeof SORTS)[number];
type TFilter = { pageNum: number } & TTableSort<TSort>;

const ZAddress = z.object({ pageNum: zPageNum.default(1), ...zSortQuery(SORTS) });
const DEFAULTS: TFilter = { pageNum: 1 };
const parse = (params: Record<string, string>): TFilter | null => {
  const query = readAddress(ZAddress, params);
  return query && { pageNum: query.pageNum, sort: query.sort, order: query.order };
};

type TRow = { id: string; createdAt: string; amount: string; note: string };
/** The page the server answered: not in any column's order, so a sort done in the browser would show. */
const ROWS: TRow[] = [
  { id: 'b', createdAt: '2026-11-02', amount: '5.00', note: 'second' },
  { id: 'a', createdAt: '2026-11-01', amount: '9.00', note: 'first' },
  { id: 'c', createdAt: '2026-11-03', amount: '1.00', note: 'third' },
];

/** A console list as the pages build one: its query in the address, the server's sort on its table. */
function SortedList() {
  const [query, setQuery] = useFilterInAddress(DEFAULTS, parse);
  return (
    <DataTable<TRow>
      rowKey="id"
      dataSource={ROWS}
      columns={[
        { title: 'Created', dataIndex: 'createdAt' },
        { title: 'Amount', key: 'amount', render: (_, row) => row.amount },
        { title: 'Note', dataIndex: 'note' },
      ]}
      sorting={sortingInAddress(SORTS, query, setQuery)}
      pagination={{
        current: query.pageNum,
        pageSize: 3,
        total: 30,
        onChange: (pageNum) => setQuery((q) => ({ ...q, pageNum })),
      }}
    />
  );
}

function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Forward
      </button>
    </>
  );
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <SortedList />
      <Address />
      <HistoryButtons />
    </MemoryRouter>,
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });
const address = () => screen.getByTestId('address').textContent;
const shownNotes = () =>
  screen
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
    .filter((text) => ['first', 'second', 'third'].includes(text ?? ''));

async function click(element: HTMLElement) {
  await act(async () => fireEvent.click(element));
}

describe('DataTable sorted by the server, the sort in the address', () => {
  setUpComponentTests();

  it('writes a header click into the address, back at page 1, and cycles ascending, descending, none', async () => {
    renderAt('/admin/list?pageNum=3');
    await click(header('Amount'));
    expect(address()).toBe('?sort=amount&order=asc');
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    await click(header('Amount'));
    expect(address()).toBe('?sort=amount&order=desc');
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    await click(header('Amount'));
    expect(address()).toBe('');
    expect(header('Amount').hasAttribute('aria-sort')).toBe(false);
    // Another column starts over from ascending and takes the sort from the first.
    await click(header('Created'));
    expect(address()).toBe('?sort=createdAt&order=asc');
    expect(header('Created').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Amount').hasAttribute('aria-sort')).toBe(false);
    // The rows stay as the server sent them: Ant Design sorts nothing of the page itself.
    expect(shownNotes()).toEqual(['second', 'first', 'third']);
  });

  it('shows the sort the address names, and follows Back and Forward', async () => {
    renderAt('/admin/list?sort=createdAt&order=desc');
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    expect(header('Amount').hasAttribute('aria-sort')).toBe(false);
    await click(header('Amount'));
    expect(address()).toBe('?sort=amount&order=asc');
    await click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('?sort=createdAt&order=desc');
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    expect(header('Amount').hasAttribute('aria-sort')).toBe(false);
    await click(screen.getByRole('button', { name: 'Forward' }));
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Created').hasAttribute('aria-sort')).toBe(false);
  });

  it('offers the sort only on the list’s own keys, named and reachable with the keyboard', async () => {
    renderAt('/admin/list');
    for (const name of ['Created', 'Amount']) {
      expect(header(name).getAttribute('aria-description'), name).toBe('sortable');
      expect(header(name).tabIndex, name).toBe(0);
    }
    expect(header('Note').hasAttribute('aria-description')).toBe(false);
    await click(header('Note'));
    expect(address()).toBe('');
    await act(async () => fireEvent.keyDown(header('Created'), { key: 'Enter', keyCode: 13 }));
    expect(address()).toBe('?sort=createdAt&order=asc');
  });

  it('takes a key the list does not sort by in the address as no sort', async () => {
    renderAt('/admin/list?sort=note&order=asc');
    for (const name of ['Created', 'Amount', 'Note']) {
      expect(header(name).hasAttribute('aria-sort'), name).toBe(false);
    }
  });
});
