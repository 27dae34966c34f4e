import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import commonEn from '../../locales/en/common.json';
import { namedPictures } from '../../testing/named-pictures';
import { setUpComponentTests } from '../../testing/render';
import { AntdScope } from './antd-scope';
import { DataTable } from './data-table';

type TRow = { id: number };
const rows = (count: number): TRow[] => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
const columns = [{ title: 'Number', dataIndex: 'id' }];

describe('DataTable', () => {
  setUpComponentTests();

  it("names the pager's arrows in the page's language and pages with them", () => {
    render(
      <DataTable<TRow> rowKey="id" columns={columns} dataSource={rows(25)} pagination={{ pageSize: 10 }} />,
    );
    expect(screen.getByRole('cell', { name: '1' })).toBeTruthy();
    // Ant Design's own arrows were pictures named "left" and "right".
    expect(namedPictures()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('cell', { name: '11' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: '1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByRole('cell', { name: '1' })).toBeTruthy();
  });

  it("hides the jump items' pictures (their titles name them) and the page size select's arrow", () => {
    // Inside AntdScope, as every table of the app: it gives the page size select its arrow.
    render(
      <AntdScope>
        <DataTable<TRow> rowKey="id" columns={columns} dataSource={rows(200)} pagination={{ pageSize: 5 }} />
      </AntdScope>,
    );
    const jumpNext = document.querySelector('.ant-pagination-jump-next');
    expect(jumpNext?.getAttribute('title')).toBe('Next 5 Pages');
    expect(namedPictures()).toEqual([]);
    fireEvent.click(jumpNext as Element);
    expect(screen.getByRole('cell', { name: '26' })).toBeTruthy();
  });

  it('points the arrows the way the page reads in right-to-left', () => {
    render(
      <ConfigProvider direction="rtl">
        <DataTable<TRow> rowKey="id" columns={columns} dataSource={rows(25)} pagination={{ pageSize: 10 }} />
      </ConfigProvider>,
    );
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous.querySelector('.anticon-right')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' }).querySelector('.anticon-left')).not.toBeNull();
  });

  it('pins the actions column to the end, in either direction, unless the caller pins it otherwise', () => {
    const withActions = [
      { title: 'Number', dataIndex: 'id' },
      { title: 'Note', key: 'note', render: () => 'A long note about the row' },
      { title: 'Actions', key: 'actions', render: () => <button type="button">Edit</button> },
    ];
    for (const direction of ['ltr', 'rtl'] as const) {
      render(
        <ConfigProvider direction={direction}>
          <DataTable<TRow> rowKey="id" columns={withActions} dataSource={rows(2)} scroll={{ x: 1200 }} />
        </ConfigProvider>,
      );
      const cells = screen.getAllByRole('button', { name: 'Edit' }).map((button) => button.closest('td'));
      expect(cells).toHaveLength(2);
      // At 1024 px the column was scrolled out of view: "Ed" and "Del" showed at the window's edge.
      for (const cell of cells) {
        expect(cell?.classList.contains('ant-table-cell-fix-end'), direction).toBe(true);
      }
      expect(screen.getByRole('columnheader', { name: 'Actions' }).classList).toContain(
        'ant-table-cell-fix-end',
      );
      expect(screen.getByRole('columnheader', { name: 'Note' }).classList).not.toContain(
        'ant-table-cell-fix',
      );
      cleanup();
    }
    render(
      <DataTable<TRow>
        rowKey="id"
        columns={[{ ...withActions[2]!, fixed: 'start' as const }, withActions[0]!]}
        dataSource={rows(1)}
        scroll={{ x: 1200 }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit' }).closest('td')?.classList).toContain(
      'ant-table-cell-fix-start',
    );
  });

  it('shows no pager when told not to', () => {
    render(<DataTable<TRow> rowKey="id" columns={columns} dataSource={rows(25)} pagination={false} />);
    expect(screen.getByRole('cell', { name: '25' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it("keeps the list's empty text out of its first load, and shows it once the list is known to be empty", () => {
    const { rerender } = render(
      <DataTable<TRow>
        rowKey="id"
        columns={columns}
        dataSource={[]}
        loading
        locale={{ emptyText: 'No products yet' }}
      />,
    );
    expect(screen.queryByText('No products yet')).toBeNull();
    expect(document.querySelector('.cv-table-loading')).not.toBeNull();
    rerender(
      <DataTable<TRow>
        rowKey="id"
        columns={columns}
        dataSource={[]}
        loading={false}
        locale={{ emptyText: 'No products yet' }}
      />,
    );
    expect(screen.getByText('No products yet')).toBeTruthy();
    // Loading again with rows in view (another page) keeps them; the empty text is not involved.
    rerender(
      <DataTable<TRow>
        rowKey="id"
        columns={columns}
        dataSource={rows(3)}
        loading={{ spinning: true }}
        locale={{ emptyText: 'No products yet' }}
      />,
    );
    expect(screen.getByRole('cell', { name: '3' })).toBeTruthy();
  });

  it("names a selection's boxes in the page's language: the header's by the table, a row's by the caller", () => {
    render(
      <DataTable<TRow>
        rowKey="id"
        columns={columns}
        dataSource={rows(2)}
        rowSelection={{ getCheckboxProps: (row) => ({ 'aria-label': `Pick ${row.id}` }) }}
      />,
    );
    // Ant Design's were "Select all" and "Select row 1" in every language.
    expect(screen.getByRole('checkbox', { name: commonEn.table.selectAll })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Pick 2' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select row/ })).toBeNull();
  });
});
