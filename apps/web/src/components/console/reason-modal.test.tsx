import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { ReasonModal } from './reason-modal';

function renderReasonModal(onSubmit: (reason: string) => Promise<unknown>) {
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
}

describe('ReasonModal', () => {
  setUpComponentTests();

  it('asks for a reason beside the field without an uncaught error, then sends the one given', async () => {
    const onSubmit = vi.fn();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      renderReasonModal(onSubmit);
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

  it('starts its action once on a double click, while the first is still running', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderReasonModal(onSubmit);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Counterfeit goods' } });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await act(async () => fireEvent.click(confirm));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    // Once it has ended, the dialog can send again (e.g. after a refusal).
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});
