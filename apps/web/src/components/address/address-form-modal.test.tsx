import type { TAddress } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { initTestI18n } from '../../testing/i18n';
import { AddressFormModal } from './address-form-modal';

const ADDRESS: TAddress = {
  id: '7',
  consignee: 'Camille Martin',
  areaCode: '+33',
  // Eight digits pass the contract's count; France's numbering plan takes nine.
  phone: '61234567',
  country: 'FR',
  countryName: 'France',
  state: '',
  stateName: '',
  city: '',
  postcode: '75001',
  detail: '1 rue de Rivoli',
  isDefault: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** The form editing ADDRESS, its list of countries empty; the saving call and the close are watched. */
function editAddress() {
  vi.spyOn(api, 'get').mockResolvedValue({ list: [] });
  const put = vi.spyOn(api, 'put').mockResolvedValue({ ...ADDRESS, phone: '612345678' });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddressFormModal isOpen address={ADDRESS} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { put, onClose };
}

describe('AddressFormModal', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses a number the area code\u2019s numbering plan does not allow before saving, then saves a good one', async () => {
    const { put, onClose } = editAddress();
    const save = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      });
    };
    await save();
    await waitFor(() =>
      expect(screen.getByText('This is not a valid mobile number for the chosen area code')).toBeTruthy(),
    );
    expect(put).not.toHaveBeenCalled();

    const phone = screen
      .getAllByRole('textbox')
      .find((input) => (input as HTMLInputElement).value === '61234567')!;
    fireEvent.change(phone, { target: { value: '612345678' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/addresses/7',
      expect.objectContaining({ areaCode: '+33', phone: '612345678' }),
    );
  });

  it('takes a number written with spaces, dashes or brackets and saves its digits (QA)', async () => {
    const { put, onClose } = editAddress();
    const phone = screen
      .getAllByRole('textbox')
      .find((input) => (input as HTMLInputElement).value === '61234567')!;
    // "At least 8 digits" was said of ten digits written as people write them.
    fireEvent.change(phone, { target: { value: '(06) 12-34.56 78' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/addresses/7',
      expect.objectContaining({ areaCode: '+33', phone: '0612345678' }),
    );
  });

  it('marks an empty state and city with the other required fields before sending anything', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ list: [] });
    const post = vi.spyOn(api, 'post');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AddressFormModal isOpen onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const errorOf = (field: string) =>
      document.querySelector(`#${field}_help .ant-form-item-explain-error`)?.textContent;
    await waitFor(() => expect(errorOf('consignee')).toBeTruthy());
    // State and city were left unmarked until the server answered 400.
    expect(errorOf('state')).toBe(errorOf('consignee'));
    expect(errorOf('city')).toBe(errorOf('consignee'));
    expect(post).not.toHaveBeenCalled();
  });
});

describe('AddressFormModal opening', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens with the focus in its first field (the consignee), not on the close button', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ list: [] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AddressFormModal isOpen address={ADDRESS} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect((document.activeElement as HTMLInputElement | null)?.value).toBe('Camille Martin'),
    );
    expect(document.activeElement?.closest('.ant-modal-close')).toBeNull();
  });
});
