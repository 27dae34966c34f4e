import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { stubUploadRequests } from '../../testing/upload-requests';
import {
  SortableImageUploader,
  type TUploadItem,
  toUploadItems,
  uploadedRefs,
} from './sortable-image-uploader';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast', () => ({
  toast: { error: toastError, warning: vi.fn(), success: vi.fn(), info: vi.fn() },
  toastError: vi.fn(),
}));

function pictureOf(name: string, type: string, bytes: number): File {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** An uploader with no pictures yet; uploads are counted (`open`), not sent: no server answers in these tests. */
function renderEmptyUploader() {
  const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
  const onChange = vi.fn();
  render(
    <SortableImageUploader
      files={[]}
      onChange={onChange}
      max={9}
      moduleName="goods"
      label="Images"
      addText="Add"
      failedText="Failed"
    />,
  );
  return { open, onChange };
}

describe('SortableImageUploader, before sending', () => {
  setUpComponentTests();

  it('refuses a picture over the limit at once, sending nothing, and states the limit', async () => {
    const { open, onChange } = renderEmptyUploader();
    expect(screen.getByText('JPEG, PNG, WebP or GIF, at most 10 MB each')).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // A 27 MB picture went up whole, its progress to 100 %, before the server refused it.
    await act(async () =>
      fireEvent.change(input, { target: { files: [pictureOf('big.png', 'image/png', 27 * 1024 * 1024)] } }),
    );
    // Beside the field, naming the file, until the next choice: a toast vanished before it was read (QA).
    expect(screen.getByRole('alert').textContent).toBe('big.png: The image is larger than 10 MB');
    expect(toastError).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();

    // The uploader puts a new file input in place after each choice.
    const next = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(next, { target: { files: [pictureOf('fine.png', 'image/png', 2_000_000)] } }),
    );
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells the reader why a dropped file of another format is not taken', async () => {
    const { open, onChange } = renderEmptyUploader();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const dropZone = input.parentElement as HTMLElement;
    // The format filter of the file input dropped such a file without a word.
    await act(async () =>
      fireEvent.drop(dropZone, {
        dataTransfer: { files: [pictureOf('scan.bmp', 'image/bmp', 40_000)], items: [] },
      }),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'scan.bmp: Only JPEG, PNG, WebP or GIF images are allowed',
      ),
    );
    expect(open).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});

/**
 * The uploader as a form holds it: the files it reports are the files it shows. `stored` are the pictures the form
 * starts with; a one-picture field (a shop's logo, max 1) as the shop settings form holds it.
 */
function StatefulUploader({
  onFiles,
  stored = [],
  max = 9,
}: {
  onFiles: (files: TUploadItem[]) => void;
  stored?: Parameters<typeof toUploadItems>[0];
  max?: number;
}) {
  const [files, setFiles] = useState<TUploadItem[]>(() => toUploadItems(stored));
  return (
    <SortableImageUploader
      files={files}
      onChange={(next) => {
        setFiles(next);
        onFiles(next);
      }}
      max={max}
      moduleName={max === 1 ? 'shop' : 'goods'}
      label={max === 1 ? 'Logo' : 'Images'}
      addText="Add"
      failedText="Failed"
    />
  );
}

describe('SortableImageUploader, while uploading', () => {
  setUpComponentTests();

  it('offers each uploading tile a named cancel button that stops the request and takes the tile away', async () => {
    toastError.mockClear();
    window.history.pushState({}, '', '/seller/products/13');
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort').mockImplementation(function (
      this: XMLHttpRequest,
    ) {
      this.onabort?.(new ProgressEvent('abort'));
    });
    const onFiles = vi.fn();
    // Without motion the tile leaves at once (jsdom ends no animation).
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <StatefulUploader onFiles={onFiles} />
      </ConfigProvider>,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [pictureOf('slow.png', 'image/png', 4_000_000)] } }),
    );
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    // The seller console's pictures go with the seller's session (as=seller), as before.
    expect(String(open.mock.calls[0]?.[1])).toContain('as=seller');

    // Ant Design hides a tile's own actions while it uploads: the tile has its own cancel button, a real button.
    const cancel = await screen.findByRole('button', { name: 'Cancel the upload of Images: picture 1 of 1' });
    expect(cancel.tagName).toBe('BUTTON');
    cancel.focus();
    expect(document.activeElement).toBe(cancel);
    await act(async () => fireEvent.click(cancel));

    expect(abort).toHaveBeenCalledTimes(1);
    expect(onFiles).toHaveBeenLastCalledWith([]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Cancel the upload/ })).toBeNull());
    // Cancelling is no failure to report.
    expect(toastError).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});

const LOGO = {
  url: '/uploads/img/0a/0123456789abcdef0123456789abcdef-480.webp',
  width: 480,
  height: 480,
  srcset: '',
};
const NEW_LOGO = {
  url: '/uploads/img/0b/fedcba9876543210fedcba9876543210-480.webp',
  width: 480,
  height: 480,
  srcset: '',
};

describe('SortableImageUploader, replacing the one picture of a field', () => {
  setUpComponentTests();

  it('keeps the current picture when its replacement is refused', async () => {
    toastError.mockClear();
    const requests = stubUploadRequests();
    const onFiles = vi.fn();
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <StatefulUploader onFiles={onFiles} stored={[LOGO]} max={1} />
      </ConfigProvider>,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [pictureOf('logo.png', 'image/png', 40_000)] } }),
    );
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    // While the new one uploads, the stored logo is still there (Ant Design's maxCount 1 had dropped it).
    expect(uploadedRefs(onFiles.mock.lastCall?.[0] ?? [])).toEqual([LOGO.url]);
    await act(async () =>
      requests[0]?.answer(415, {
        error: { code: 'IMAGE_TYPE_INVALID', message: 'Only JPEG, PNG, WebP or GIF images are allowed' },
      }),
    );
    // The server's refusal, beside the field with the name of the file chosen (the tiles show the field's name).
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'logo.png: Only JPEG, PNG, WebP or GIF images are allowed',
      ),
    );
    const kept = onFiles.mock.lastCall?.[0] as TUploadItem[];
    expect(kept).toHaveLength(1);
    expect(uploadedRefs(kept)).toEqual([LOGO.url]);
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe(LOGO.url);
    vi.unstubAllGlobals();
  });

  it('replaces the picture once the new one is uploaded', async () => {
    const requests = stubUploadRequests();
    const onFiles = vi.fn();
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <StatefulUploader onFiles={onFiles} stored={[LOGO]} max={1} />
      </ConfigProvider>,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, { target: { files: [pictureOf('logo.png', 'image/png', 40_000)] } }),
    );
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => requests[0]?.answer(200, NEW_LOGO));
    await vi.waitFor(() => expect(uploadedRefs(onFiles.mock.lastCall?.[0] ?? [])).toEqual([NEW_LOGO.url]));
    expect(onFiles.mock.lastCall?.[0]).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
