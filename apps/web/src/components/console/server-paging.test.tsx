import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../testing/i18n';
import { DataTable } from '../ui/data-table';
import { useServerPaging } from './server-paging';

const ROWS = [{ id: '1' }, { id: '2' }];

function PagedTable({
  at,
  total,
  onChange,
}: {
  at: { pageNum: number; pageSize: number };
  total: number | undefined;
  onChange: (pageNum: number, pageSize: number) => void;
}) {
  const paging = useServerPaging();
  return (
    <DataTable<{ id: string }>
      rowKey="id"
      dataSource={ROWS}
      columns={[{ title: '#', dataIndex: 'id' }]}
      pagination={paging(at, total, onChange)}
    />
  );
}

describe('Console -> server paging', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(cleanup);

  it('shows the page asked for, the pages the server total makes and the count, and asks for another page', async () => {
    const onChange = vi.fn();
    await act(async () => {
      render(<PagedTable at={{ pageNum: 2, pageSize: 20 }} total={45} onChange={onChange} />);
    });
    expect(screen.getByText('Total: 45')).toBeTruthy();
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(screen.queryByTitle('4')).toBeNull();
    expect(screen.getByTitle('2').className).toContain('active');

    await act(async () => {
      fireEvent.click(screen.getByTitle('3'));
    });
    expect(onChange).toHaveBeenCalledWith(3, 20);
  });
});
