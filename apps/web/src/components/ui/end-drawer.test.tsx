import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cssMediaBlock } from '../../testing/css-rules';
import { setUpComponentTests } from '../../testing/render';
import { DataTable } from './data-table';
import { EndDrawer } from './end-drawer';

function OrderRow() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Details</Button>
      <EndDrawer open={isOpen} title="Order" onClose={() => setIsOpen(false)}>
        <Button>Ship</Button>
      </EndDrawer>
    </>
  );
}

/** A review queue: each record's Review opens the drawer, whose Approve takes the record out of the list. */
function ReviewQueue({ removesAfterClose }: { removesAfterClose: boolean }) {
  const [records, setRecords] = useState(['#1', '#2', '#3'].map((id) => ({ id })));
  const [openRecord, setOpenRecord] = useState<string | null>(null);
  const approve = () => {
    const approved = openRecord;
    const remove = () => setRecords((current) => current.filter((record) => record.id !== approved));
    setOpenRecord(null);
    // The list's refetch answers after the drawer has closed, or before.
    if (removesAfterClose) {
      setTimeout(remove, 50);
    } else {
      remove();
    }
  };
  return (
    <>
      <DataTable<{ id: string }>
        rowKey="id"
        pagination={false}
        dataSource={records}
        columns={[
          { key: 'id', title: 'Record', render: (_, record) => record.id },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, record) => (
              <Button onClick={() => setOpenRecord(record.id)}>{`Review ${record.id}`}</Button>
            ),
          },
        ]}
      />
      <EndDrawer open={openRecord !== null} title="Deposit" onClose={() => setOpenRecord(null)}>
        <Button onClick={approve}>Approve</Button>
      </EndDrawer>
    </>
  );
}

describe('EndDrawer', () => {
  setUpComponentTests();

  it('opens from the end of the reading direction: the right, and the left in right-to-left', () => {
    render(
      <EndDrawer open title="Order">
        Details
      </EndDrawer>,
    );
    expect(document.querySelector('.ant-drawer-right')).not.toBeNull();
    render(
      <ConfigProvider direction="rtl">
        <EndDrawer open title="الطلب">
          التفاصيل
        </EndDrawer>
      </ConfigProvider>,
    );
    expect(document.querySelector('.ant-drawer-left')).not.toBeNull();
  });

  it("puts a narrow screen's decisions on a line below the title, away from the close button (QA consoles 5)", () => {
    render(
      <EndDrawer
        open
        title="Harbour Lights Trading"
        rootClassName="cv-finance-drawer"
        extra={<Button>Reject</Button>}
      >
        Details
      </EndDrawer>,
    );
    const root = document.querySelector('.cv-end-drawer')!;
    // The caller's own class is kept beside it.
    expect(root.classList.contains('cv-finance-drawer')).toBe(true);
    expect(root.querySelector('.ant-drawer-header .ant-drawer-extra')?.textContent).toBe('Reject');
    const narrow = cssMediaBlock('apps/web/src/app/global.css', '(max-width: 767px)');
    expect(narrow).toMatch(/\.cv-end-drawer \.ant-drawer-header \{\s*flex-wrap: wrap;/);
    // The title takes a whole line too: with its basis of 0 it shared the line with the actions and got no width.
    expect(narrow).toMatch(
      /\.cv-end-drawer \.ant-drawer-header-title,\s*\.cv-end-drawer \.ant-drawer-extra \{\s*flex-basis: 100%;/,
    );
  });

  it('gives the focus back to the button that opened it once it closes', async () => {
    render(<OrderRow />);
    const details = screen.getByRole('button', { name: 'Details' });
    details.focus();
    await act(async () => fireEvent.click(details));
    // In the drawer (Chromium moves the focus there as it opens; jsdom needs a hand).
    const ship = await screen.findByRole('button', { name: 'Ship' });
    ship.focus();
    await act(async () =>
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 }),
    );
    await waitFor(() => expect(document.activeElement).toBe(details));
  });

  it.each([false, true])(
    'gives the focus to the next record when a decision took its record out of the list (removed after closing: %s)',
    async (removesAfterClose) => {
      render(<ReviewQueue removesAfterClose={removesAfterClose} />);
      const review = screen.getByRole('button', { name: 'Review #2' });
      review.focus();
      await act(async () => fireEvent.click(review));
      const approve = await screen.findByRole('button', { name: 'Approve' });
      approve.focus();
      await act(async () => fireEvent.click(approve));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Review #2' })).toBeNull());
      // It fell to the page's start (QA): the reviewer goes on with the record now in its place.
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review #3' })),
      );
    },
  );
});
