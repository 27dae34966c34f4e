import { act, fireEvent, render, screen } from '@testing-library/react';
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
});
