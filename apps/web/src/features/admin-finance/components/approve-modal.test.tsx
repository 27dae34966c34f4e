import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import financeEn from '../../../locales/en/finance.json';
import { setUpComponentTests } from '../../../testing/render';
import { ApproveModal } from './review-queue';

describe('ApproveModal', () => {
  setUpComponentTests({ finance: financeEn });

  it("makes a double click on a finance approval's OK one approval", async () => {
    let finish: (() => void) | undefined;
    const onApprove = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(
      <ApproveModal isOpen title="Approve" isPending={false} onCancel={() => undefined} onApprove={onApprove}>
        <p>Approve 100.00 USDT?</p>
      </ApproveModal>,
    );
    const ok = await screen.findByRole('button', { name: financeEn.review.approve });
    await act(async () => {
      fireEvent.click(ok);
      fireEvent.click(ok);
    });
    expect(onApprove).toHaveBeenCalledTimes(1);
    await act(async () => finish?.());
  });

  it('opens with the focus on Approve in a bare confirmation, not on the close button where Enter closed it', async () => {
    render(
      <ApproveModal isOpen title="Approve" isPending={false} onCancel={() => undefined} onApprove={vi.fn()}>
        <p>Approve 100.00 USDT?</p>
      </ApproveModal>,
    );
    const ok = await screen.findByRole('button', { name: financeEn.review.approve });
    await waitFor(() => expect(document.activeElement).toBe(ok));
  });

  it("opens with the focus in its form's first field", async () => {
    render(
      <ApproveModal
        isOpen
        hasForm
        title="Approve"
        isPending={false}
        onCancel={() => undefined}
        onApprove={vi.fn()}
      >
        <label>
          Payout transaction hash <input />
        </label>
      </ApproveModal>,
    );
    const field = await screen.findByRole('textbox', { name: 'Payout transaction hash' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
