import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { ReasonModal } from './reason-modal';

describe('ReasonModal', () => {
  setUpComponentTests();

  it('asks for a reason beside the field without an uncaught error, then sends the one given', async () => {
    const onSubmit = vi.fn();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      render(
        <ReasonModal
          title="Reject"
          label="Reason"
          maxLength={500}
          isBusy={false}
          onCancel={vi.fn()}
          onSubmit={onSubmit}
        />,
      );
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
      await waitFor(() => expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      expect(onSubmit).not.toHaveBeenCalled();

      fireEvent.change(screen.getByRole('textbox'), { target: { value: '  Documents unreadable ' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Documents unreadable'));
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
