import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { SortableImageUploader, toUploadItems } from './sortable-image-uploader';

const STORED = ['/uploads/687521a9c0de-480.webp', '/uploads/9f3b77e1aa42-480.webp'].map((url) => ({
  url,
  width: 480,
  height: 480,
  srcset: '',
}));

describe('SortableImageUploader', () => {
  setUpComponentTests();

  it('names each picture by its field and place, not by its file name', () => {
    render(
      <SortableImageUploader
        files={toUploadItems(STORED)}
        onChange={vi.fn()}
        max={9}
        moduleName="goods"
        label="Images"
        addText="Add"
        failedText="Failed"
      />,
    );
    const pictures = [...document.querySelectorAll('img')];
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual([
      'Images: picture 1 of 2',
      'Images: picture 2 of 2',
    ]);
    expect(document.body.innerHTML).not.toContain('title="687521a9');
  });

  it("names a field's only picture by the field", () => {
    render(
      <SortableImageUploader
        files={toUploadItems(STORED.slice(0, 1))}
        onChange={vi.fn()}
        max={1}
        moduleName="shop"
        label="Banner"
        addText="Add"
        failedText="Failed"
      />,
    );
    expect(screen.getByRole('img', { name: 'Banner' }).getAttribute('src')).toBe(STORED[0]?.url);
  });
});
