import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { setUpComponentTests } from '../../../testing/render';
import { captureErrorToasts } from '../../../testing/toasts';
import { stubUploadRequests } from '../../../testing/upload-requests';
import { IdentityUpload } from './identity-upload';

describe('IdentityUpload', () => {
  setUpComponentTests({ loans: loansEn });

  it('refuses a picture over the upload limit at once, without sending it', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const errors = captureErrorToasts();
    const onChange = vi.fn();
    render(<IdentityUpload label="Front of the ID" value={undefined} onChange={onChange} />);
    const big = new File(['x'], 'scan.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 18 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Front of the ID'), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('scan.jpg: The image is larger than 10 MB');
    expect(errors).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the upload's progress, and a cancel that stops it and keeps nothing", async () => {
    const requests = stubUploadRequests();
    const onChange = vi.fn();
    render(<IdentityUpload label="Front of the ID" value={undefined} onChange={onChange} />);
    const scan = new File(['scan'], 'passport.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Front of the ID'), { target: { files: [scan] } });
    const request = requests[0]!;
    expect(request.url).toContain('/api/v1/verification/images');
    act(() => request.progress(40, 100));
    expect(
      screen.getByRole('progressbar', { name: 'Upload of Front of the ID' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(screen.getByText('passport.jpg')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(request.isAborted).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload' })));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('hands the stored picture to its form once the upload is done', async () => {
    const requests = stubUploadRequests();
    const onChange = vi.fn();
    render(<IdentityUpload label="Front of the ID" value={undefined} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Front of the ID'), {
      target: { files: [new File(['scan'], 'id.png', { type: 'image/png' })] },
    });
    act(() => requests[0]!.answer(201, { id: '55', width: 800, height: 500 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('55'));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
