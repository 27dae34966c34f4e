import type { TUploadResponse } from '@caravan/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider, type UploadFile } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../../testing/render';
import { ImageUploader } from './image-uploader';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast', () => ({
  toast: { error: toastError, warning: vi.fn(), success: vi.fn(), info: vi.fn() },
  toastError: vi.fn(),
}));

/** The refund and review form's uploader, holding what it reports. */
function Pictures({ onFiles }: { onFiles: (files: UploadFile<TUploadResponse>[]) => void }) {
  const [files, setFiles] = useState<UploadFile<TUploadResponse>[]>([]);
  return (
    <ImageUploader
      files={files}
      onChange={(next) => {
        setFiles(next);
        onFiles(next);
      }}
      max={3}
      moduleName="refund"
      label="Pictures"
    />
  );
}

describe('ImageUploader', () => {
  setUpComponentTests();

  it('cancels a picture while it uploads, from a named button, stopping the request', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort').mockImplementation(function (
      this: XMLHttpRequest,
    ) {
      this.onabort?.(new ProgressEvent('abort'));
    });
    const onFiles = vi.fn();
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Pictures onFiles={onFiles} />
      </ConfigProvider>,
    );
    const file = new File([new Uint8Array(8)], 'damage.png', { type: 'image/png' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    // The storefront's pictures go with the buyer's session: no `as`.
    expect(String(open.mock.calls[0]?.[1])).not.toContain('as=');

    const cancel = await screen.findByRole('button', { name: 'Cancel the upload of damage.png' });
    await act(async () => fireEvent.click(cancel));
    expect(abort).toHaveBeenCalledTimes(1);
    expect(onFiles).toHaveBeenLastCalledWith([]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Cancel the upload/ })).toBeNull());
    expect(toastError).not.toHaveBeenCalled();
  });
});
