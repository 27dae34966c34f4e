import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { postFileWithProgress } from '../../lib/upload-image';
import { setUpComponentTests } from '../../testing/render';
import { captureErrorToasts } from '../../testing/toasts';
import { stubUploadRequests } from '../../testing/upload-requests';
import { PrivatePicturesUpload, type TPrivatePicture, type TPrivateUpload } from './private-pictures-upload';

const upload: TPrivateUpload = (file, options) =>
  postFileWithProgress<TPrivatePicture>('/merchant/documents', file, { moduleName: 'merchant' }, options);
const urlOf = (id: string) => `/api/v1/merchant/documents/${id}`;

function Harness({
  initial = [],
  onChange,
  onUploadingChange,
}: {
  initial?: TPrivatePicture[];
  onChange?: (pictures: TPrivatePicture[]) => void;
  onUploadingChange?: (isUploading: boolean) => void;
}) {
  const [pictures, setPictures] = useState(initial);
  return (
    <PrivatePicturesUpload
      label="Licence"
      max={2}
      value={pictures}
      onChange={(next) => {
        setPictures(next);
        onChange?.(next);
      }}
      onUploadingChange={onUploadingChange}
      upload={upload}
      urlOf={urlOf}
    />
  );
}

const pick = (name = 'licence.png') =>
  fireEvent.change(screen.getByLabelText('Licence'), {
    target: { files: [new File(['scan'], name, { type: 'image/png' })] },
  });

describe('PrivatePicturesUpload', () => {
  setUpComponentTests();

  it('shows the upload’s progress, and a cancel that stops it, keeps nothing and gives the focus back', async () => {
    const requests = stubUploadRequests();
    const onChange = vi.fn();
    const uploading: boolean[] = [];
    render(<Harness onChange={onChange} onUploadingChange={(is) => uploading.push(is)} />);
    pick('passport.png');
    const request = requests[0]!;
    expect(request.url).toContain('/api/v1/merchant/documents');
    act(() => request.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload of Licence' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(screen.getByText('passport.png')).toBeTruthy();
    expect(uploading.at(-1)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(request.isAborted).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload' })));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(uploading.at(-1)).toBe(false);
  });

  it('shows each stored picture from its private URL, removable, up to the most allowed', async () => {
    const requests = stubUploadRequests();
    render(<Harness initial={[{ id: '31', width: 800, height: 500 }]} />);
    pick();
    act(() => requests[0]!.answer(201, { id: '32', width: 640, height: 480 }));
    const second = await screen.findByRole('img', { name: 'Licence: picture 2 of 2' });
    expect(second.getAttribute('src')).toBe('/api/v1/merchant/documents/32');
    expect(screen.getByRole('img', { name: 'Licence: picture 1 of 2' }).getAttribute('src')).toBe(
      '/api/v1/merchant/documents/31',
    );
    // Two is the most here: no Upload button until one is removed.
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Licence: picture 1 of 2' }));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/api/v1/merchant/documents/32',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Remove Licence: picture 1 of 1' }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('says why an upload failed and refuses a file that is no picture before sending it', async () => {
    const requests = stubUploadRequests();
    const errors = captureErrorToasts();
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Licence'), {
      target: { files: [new File(['x'], 'licence.pdf', { type: 'application/pdf' })] },
    });
    expect(requests).toHaveLength(0);
    // Beside the field, naming the file, until the next choice: a toast vanished before it was read (QA).
    expect(screen.getByRole('alert').textContent).toBe(
      'licence.pdf: Only JPEG, PNG, WebP or GIF images are allowed',
    );
    pick();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      requests[0]!.answer(429, { error: { code: 'UPLOAD_TOO_FREQUENT', message: 'Too many uploads' } }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('licence.png: Too many uploads'));
    expect(errors).toEqual([]);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('takes several files chosen at once, one after the other, and names the first the field has no room for', async () => {
    const requests = stubUploadRequests();
    const onChange = vi.fn();
    render(<Harness initial={[{ id: '31', width: 800, height: 500 }]} onChange={onChange} />);
    const input = screen.getByLabelText('Licence') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    // Nine documents were nine trips through the file chooser (QA); here the field has room for one more.
    fireEvent.change(input, {
      target: {
        files: [
          new File(['a'], 'front.png', { type: 'image/png' }),
          new File(['b'], 'back.png', { type: 'image/png' }),
        ],
      },
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.answer(201, { id: '32', width: 640, height: 480 }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        expect.objectContaining({ id: '31' }),
        expect.objectContaining({ id: '32' }),
      ]),
    );
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'back.png: not added, this field takes at most 2 pictures',
    );
  });

  it('refuses a file once the field holds its most, though its label still opens the chooser (QA)', async () => {
    const requests = stubUploadRequests();
    render(
      <Harness
        initial={[
          { id: '31', width: 800, height: 500 },
          { id: '32', width: 800, height: 500 },
        ]}
      />,
    );
    const input = screen.getByLabelText('Licence') as HTMLInputElement;
    // A tenth document was uploaded this way, and the whole application then refused for it.
    expect(input.disabled).toBe(true);
    pick();
    expect(requests).toHaveLength(0);
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });
});
