import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { initTestI18n } from '../../../testing/i18n';
import { remainingStock } from '../pages/coupon-campaigns';
import { CampaignForm, toCampaignRequest } from './campaign-form';

const DAY = 86_400_000;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
  });
}

describe('CampaignForm', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
  });

  it('shows the contract messages beside the fields and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<CampaignForm onSubmit={onSubmit} />);
    fill('Amount taken off', '10');
    fill('Per-user limit', '0');
    fill('Stock', '2.5');
    await submit();
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0));
    expect(screen.getByText('The per-user limit must be a whole number from 1 to 100')).toBeTruthy();
    expect(screen.getByText('Stock must be a whole number from 1 to 10,000,000')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field error (a taken claim code) beside its field", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Another campaign already uses this claim code',
        details: {
          fields: [{ field: 'claimCode', message: 'Another campaign already uses this claim code' }],
        },
      });
    });
    const { container } = render(<CampaignForm onSubmit={onSubmit} />);
    fill('Name', 'Spring');
    fill('Amount taken off', '5');
    fill('Minimum spend on goods', '50');
    fill('Claim code', 'spring-5');
    // The date picker is driven through the form's values: its own calendar is not what is under test.
    // Its label names the zone its time is read in.
    fill(`Valid until (${Intl.DateTimeFormat().resolvedOptions().timeZone})`, '2099-01-01 00:00:00');
    const until = container.querySelector<HTMLInputElement>('#validUntil');
    expect(until).not.toBeNull();
    await act(async () => {
      fireEvent.keyDown(until!, { key: 'Enter', code: 'Enter' });
    });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Spring',
        kind: 'amount',
        amountOff: '5',
        minSpend: '50',
        claimCode: 'SPRING-5',
        perUserLimit: 1,
        isWelcome: false,
      }),
    );
    await waitFor(() =>
      expect(screen.getByText('Another campaign already uses this claim code')).toBeTruthy(),
    );
  });
});

describe('toCampaignRequest', () => {
  it('leaves empty optional fields out and sends only the chosen kind', () => {
    // One instant: a stub that read the clock on each call differed by a millisecond now and then.
    const untilIso = new Date(Date.now() + DAY).toISOString();
    const until = { toISOString: () => untilIso };
    const request = toCampaignRequest({
      name: 'Autumn',
      kind: 'percent',
      amountOff: '5',
      percentOff: 10,
      minSpend: ' 20 ',
      validUntil: until as never,
      validDays: null,
      perUserLimit: 2,
      stock: null,
      claimCode: '  ',
    });
    expect(request).toEqual({
      name: 'Autumn',
      kind: 'percent',
      percentOff: 10,
      minSpend: '20',
      validUntil: untilIso,
      perUserLimit: 2,
      isWelcome: false,
    });
  });
});

describe('remainingStock', () => {
  it('is the stock less the coupons issued, never below 0; null without a stock limit', () => {
    expect(remainingStock({ stock: 100, issuedCount: 37 })).toBe(63);
    expect(remainingStock({ stock: 5, issuedCount: 5 })).toBe(0);
    expect(remainingStock({ stock: null, issuedCount: 12 })).toBeNull();
  });
});
