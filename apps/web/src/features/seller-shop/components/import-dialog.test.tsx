import type { TImportJob } from '@caravan/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { layOutAt } from '../../../testing/layout';
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

/** Sends a file whose import ends as `result` says, and opens the dialog on it. */
async function importWith(
  result: Pick<
    TImportJob,
    'savedProducts' | 'createdProducts' | 'updatedProducts' | 'refusedRows' | 'errors'
  > &
    Partial<Pick<TImportJob, 'createdWithoutCode'>>,
) {
  const job: TImportJob = {
    id: '7',
    createdWithoutCode: 0,
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

describe('Seller -> product import dialog, the result', () => {
  setUpComponentTests({ seller: sellerEn });
  afterEach(() => vi.restoreAllMocks());

  it('says "1 product saved", not "1 products saved", and no refused rows when there are none', async () => {
    await importWith({
      savedProducts: 1,
      createdProducts: 1,
      updatedProducts: 0,
      refusedRows: 0,
      errors: [],
    });
    expect(await screen.findByText('1 product saved')).toBeTruthy();
    expect(screen.queryByText(/products saved/)).toBeNull();
    expect(screen.queryByText(/refused/)).toBeNull();
  });

  it('counts a refused row once whatever its reasons, with the plural it takes', async () => {
    const reason = { code: 'v:required', message: 'This field is required' };
    await importWith({
      savedProducts: 2,
      createdProducts: 1,
      updatedProducts: 1,
      refusedRows: 1,
      errors: [
        { row: 3, field: 'category_id', ...reason },
        { row: 3, field: 'name_en', ...reason },
      ],
    });
    expect(await screen.findByText('2 products saved')).toBeTruthy();
    expect(screen.getByText('1 row refused')).toBeTruthy();
    expect(screen.getByText('1 new product created')).toBeTruthy();
    expect(screen.getByText('1 existing product updated')).toBeTruthy();
    expect(screen.queryByText(/always create new products/)).toBeNull();
  });

  it('warns that rows without a product code always create new products (QA seller 7)', async () => {
    await importWith({
      savedProducts: 3,
      createdProducts: 2,
      updatedProducts: 1,
      createdWithoutCode: 2,
      refusedRows: 0,
      errors: [],
    });
    expect(await screen.findByText('3 products saved')).toBeTruthy();
    expect(screen.getByText(/Rows without a product_code always create new products/)).toBeTruthy();
  });
});

describe('Seller -> product import dialog, refused rows on a phone', () => {
  setUpComponentTests({ seller: sellerEn });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('puts the field above its reason, so the reason has the width, and keeps three columns when wide', async () => {
    const resizeTo = layOutAt(328);
    await importWith({
      savedProducts: 1,
      createdProducts: 1,
      updatedProducts: 0,
      refusedRows: 1,
      errors: [{ row: 3, field: 'name_ar', code: 'v:too_long', message: 'This text is too long' }],
    });
    const table = await screen.findByRole('table');
    const headers = () =>
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(headers()).toEqual([sellerEn.import.row, sellerEn.import.reason]);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['3', 'name_arThis text is too long']);

    resizeTo(680);
    expect(headers()).toEqual([sellerEn.import.row, sellerEn.import.field, sellerEn.import.reason]);
  });
});

describe('Seller -> product import dialog, progress', () => {
  setUpComponentTests({ seller: sellerEn });
  afterEach(() => vi.restoreAllMocks());

  const running = (processedRows: number): TImportJob => ({
    id: '9',
    status: 'running',
    totalRows: 301,
    processedRows,
    savedProducts: 0,
    createdProducts: 0,
    updatedProducts: 0,
    createdWithoutCode: 0,
    refusedRows: 0,
    errors: [],
    failure: null,
    createdAt: '2026-12-05T08:00:00.000Z',
    finishedAt: null,
  });

  function bar(): HTMLElement {
    return document.querySelector('[role="progressbar"]') as HTMLElement;
  }

  it('shows the file going up, then the rows processed as the server reports them, then the summary', async () => {
    let sendUpload: ((loaded: number) => void) | undefined;
    let answerUpload: (() => void) | undefined;
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      sendUpload = (loaded) =>
        this.upload.onprogress?.call(
          this,
          new ProgressEvent('progress', { loaded, total: 200, lengthComputable: true }),
        );
      answerUpload = () => {
        Object.defineProperty(this, 'status', { value: 200 });
        Object.defineProperty(this, 'responseText', { value: JSON.stringify(running(0)) });
        this.onload?.(new ProgressEvent('load'));
      };
    });
    const polls = [
      running(120),
      running(240),
      {
        ...running(301),
        status: 'done' as const,
        savedProducts: 299,
        createdProducts: 199,
        updatedProducts: 100,
        refusedRows: 2,
        errors: [
          { row: 5, field: 'selling_price', code: 'v:salePrice', message: 'Enter a valid price' },
          { row: 9, field: 'category_id', code: 'CATEGORY_NOT_FOUND', message: 'Category does not exist' },
        ],
        finishedAt: '2026-12-05T08:00:09.000Z',
      },
    ];
    let polled = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(polls[Math.min(polled++, polls.length - 1)])),
    );
    await renderWithQueries(<ImportDialog isOpen onClose={() => undefined} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [fileOf('goods.csv', 'text/csv', 200)] } }),
    );
    await vi.waitFor(() => expect(sendUpload).toBeDefined());
    await act(async () => sendUpload?.(100));
    expect(await screen.findByText(sellerEn.import.uploading)).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('50');
    await act(async () => sendUpload?.(200));
    expect(await screen.findByText(sellerEn.import.reading)).toBeTruthy();

    await act(async () => answerUpload?.());
    expect(await screen.findByText('120 of 301 rows processed')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('39');
    expect(screen.queryByText(sellerEn.import.reading)).toBeNull();
    // The next poll moves the bar on before the import is done.
    expect(await screen.findByText('240 of 301 rows processed', undefined, { timeout: 3000 })).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('79');
    expect(screen.queryByText(/products saved/)).toBeNull();

    expect(await screen.findByText('299 products saved', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('301 of 301 rows processed')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('199 new products created')).toBeTruthy();
    expect(screen.getByText('100 existing products updated')).toBeTruthy();
    expect(screen.getByText('2 rows refused')).toBeTruthy();
    expect(screen.getByText('Category does not exist')).toBeTruthy();
    expect(screen.queryByText(sellerEn.import.uploading)).toBeNull();
  });
});
