import type { TImportJob } from '@caravan/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
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

describe('Seller -> product import dialog, the result', () => {
  setUpComponentTests({ seller: sellerEn });
  afterEach(() => vi.restoreAllMocks());

  /** Sends a file whose import ends as `result` says, and opens the dialog on it. */
  async function importWith(result: Pick<TImportJob, 'savedProducts' | 'errors'>) {
    const job: TImportJob = {
      id: '7',
      status: 'done',
      totalRows: 3,
      processedRows: 3,
      failure: null,
      createdAt: '2026-12-03T08:00:00.000Z',
      finishedAt: '2026-12-03T08:00:01.000Z',
      ...result,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(job)),
    );
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      Object.defineProperty(this, 'status', { value: 200 });
      Object.defineProperty(this, 'responseText', { value: JSON.stringify({ ...job, status: 'running' }) });
      setTimeout(() => this.onload?.(new ProgressEvent('load')));
    });
    await renderWithQueries(<ImportDialog isOpen onClose={() => undefined} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [fileOf('goods.csv', 'text/csv', 500)] } }),
    );
  }

  it('says "1 product saved", not "1 products saved", and no refused rows when there are none', async () => {
    await importWith({ savedProducts: 1, errors: [] });
    expect(await screen.findByText('1 product saved')).toBeTruthy();
    expect(screen.queryByText(/products saved/)).toBeNull();
    expect(screen.queryByText(/refused/)).toBeNull();
  });

  it('counts a refused row once whatever its reasons, with the plural it takes', async () => {
    const reason = { code: 'v:required', message: 'This field is required' };
    await importWith({
      savedProducts: 2,
      errors: [
        { row: 3, field: 'category_id', ...reason },
        { row: 3, field: 'name_en', ...reason },
      ],
    });
    expect(await screen.findByText('2 products saved')).toBeTruthy();
    expect(screen.getByText('1 row refused')).toBeTruthy();
  });
});
