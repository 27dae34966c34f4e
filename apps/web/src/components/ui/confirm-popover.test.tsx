import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { ConfirmPopover } from './confirm-popover';

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
});
