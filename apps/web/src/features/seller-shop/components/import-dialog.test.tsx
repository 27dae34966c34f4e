import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { ImportDialog } from './import-dialog';

function fileOf(name: string, type: string, bytes: number): File {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function dropZone(): HTMLElement {
  return (document.querySelector('input[type="file"]') as HTMLInputElement).parentElement as HTMLElement;
}

describe('Seller -> product import dialog, before sending', () => {
  setUpComponentTests({ seller: sellerEn });
  failOnAntdWarnings();
  afterEach(() => vi.restoreAllMocks());

  it('names a dropped file of another kind instead of dropping it without a word', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    await renderWithQueries(<ImportDialog isOpen onClose={() => undefined} />);
    await act(async () =>
      fireEvent.drop(dropZone(), {
        dataTransfer: { files: [fileOf('price-list.pdf', 'application/pdf', 40_000)], items: [] },
      }),
    );
    expect(
      await screen.findByText('Only CSV or XLSX files can be imported; “price-list.pdf” is neither'),
    ).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses a file over the limit before sending it, and sends a good one', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    await renderWithQueries(<ImportDialog isOpen onClose={() => undefined} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [fileOf('products.csv', 'text/csv', 25 * 1024 * 1024)] } }),
    );
    expect(
      await screen.findByText('The file is larger than 20 MB; split it into smaller files'),
    ).toBeTruthy();
    expect(open).not.toHaveBeenCalled();

    const next = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(next, { target: { files: [fileOf('Products.XLSX', '', 300_000)] } }),
    );
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(String(open.mock.calls[0]?.[1])).toContain('/api/v1/seller/products/import');
    // The earlier refusal does not stay beside a file that was taken.
    expect(screen.queryByText('The file is larger than 20 MB; split it into smaller files')).toBeNull();
  });
});
