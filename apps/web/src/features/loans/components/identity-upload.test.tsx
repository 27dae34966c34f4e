import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { setUpComponentTests } from '../../../testing/render';
import { captureErrorToasts } from '../../../testing/toasts';
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
    expect(errors).toEqual(['The image is larger than 10 MB']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
