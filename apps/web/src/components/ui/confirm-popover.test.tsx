import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { ConfirmPopover } from './confirm-popover';
import { REMOVAL_LIST_PROPS } from './removal-focus';

/** Rows removed a moment after the confirmation, as after the delete call and the list's refetch. */
function Addresses() {
  const [rows, setRows] = useState(['Home', 'Office', 'Depot']);
  return (
    <ul {...REMOVAL_LIST_PROPS} aria-label="Addresses">
      {rows.map((row) => (
        <li key={row}>
          <ConfirmPopover
            title={`Delete ${row}?`}
            okText="Delete"
            cancelText="Cancel"
            onConfirm={() => {
              setTimeout(() => setRows((all) => all.filter((r) => r !== row)), 50);
            }}
          >
            <Button data-removal-focus>{`Remove ${row}`}</Button>
          </ConfirmPopover>
        </li>
      ))}
      {rows.length === 0 && <li>No addresses</li>}
    </ul>
  );
}

describe('ConfirmPopover', () => {
  setUpComponentTests();

  it('takes the focus to Cancel when it opens and gives it back to its button when Escape closes it', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmPopover title="Delete this address?" okText="Delete" cancelText="Cancel" onConfirm={onConfirm}>
        <Button>Remove</Button>
      </ConfirmPopover>,
    );
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));

    await act(async () =>
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 }),
    );
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('passes the focus of a removed row to the one now in its place, then to the last, then to the emptied list', async () => {
    render(<Addresses />);
    const removeConfirmed = async (name: string) => {
      const opener = screen.getByRole('button', { name });
      opener.focus();
      await act(async () => fireEvent.click(opener));
      const ok = await screen.findByRole('button', { name: 'Delete' });
      await act(async () => fireEvent.click(ok));
      await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
    };

    await removeConfirmed('Remove Office');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Depot' })),
    );
    await removeConfirmed('Remove Depot');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Home' })),
    );
    await removeConfirmed('Remove Home');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Addresses' })));
  });
});
