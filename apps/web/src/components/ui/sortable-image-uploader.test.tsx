import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { stubUploadRequests } from '../../testing/upload-requests';
import { SortableImageUploader, toUploadItems, withUploadedPreviews } from './sortable-image-uploader';

const STORED = ['/uploads/687521a9c0de-480.webp', '/uploads/9f3b77e1aa42-480.webp'].map((url) => ({
  url,
  width: 480,
  height: 480,
  srcset: '',
}));

/** The uploader of a product's pictures (up to nine), holding `files`. */
function renderImages(files: ComponentProps<typeof SortableImageUploader>['files'], onChange = vi.fn()) {
  render(
    <SortableImageUploader
      files={files}
      onChange={onChange}
      max={9}
      moduleName="goods"
      label="Images"
      addText="Add"
      failedText="Failed"
    />,
  );
}

describe('SortableImageUploader', () => {
  setUpComponentTests();

  it('names each picture by its field and place, not by its file name', () => {
    renderImages(toUploadItems(STORED));
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

  it('shows a finished upload by the uploaded picture, not a blank tile', async () => {
    const uploading = { uid: 'rc-1', name: 'red.png', status: 'uploading' as const, percent: 40 };
    const done = {
      uid: 'rc-2',
      name: 'green.png',
      status: 'done' as const,
      response: {
        url: '/uploads/img/0a/0123456789abcdef0123456789abcdef-480.webp',
        width: 480,
        height: 480,
        srcset: '',
      },
    };
    const shown = withUploadedPreviews([uploading, done]);
    expect(shown[0]).toBe(uploading);
    expect(shown[1]).toMatchObject({ url: done.response.url, thumbUrl: done.response.url });
    renderImages(shown);
    expect(screen.getByRole('img', { name: 'Images: picture 2 of 2' }).getAttribute('src')).toBe(
      done.response.url,
    );
    // The upload under way says how far it is (Ant Design shows the bar a moment after the tile).
    await waitFor(() => expect(document.body.textContent).toContain('40%'));
  });

  it('shows a tile being uploaded as a spinner above its percentage, its word only for screen readers', async () => {
    renderImages([{ uid: 'rc-1', name: 'red.png', status: 'uploading' as const, percent: 40 }]);
    // Ant Design's word ("Téléchargement…" in French) was wider than the tile and cut.
    const thumbnail = document.querySelector<HTMLElement>('.ant-upload-list-item-thumbnail');
    expect(thumbnail?.querySelector('[aria-hidden].anticon-loading')).toBeTruthy();
    const word = within(thumbnail as HTMLElement).getByRole('status');
    expect(word.textContent).toBe('Uploading');
    expect(word.querySelector('.cv-visually-hidden')?.textContent).toBe('Uploading');
    await waitFor(() => expect(document.body.textContent).toContain('40%'));
  });

  it('says which chosen pictures did not fit, instead of dropping them without a word (QA: 7 chosen for 6 places)', async () => {
    stubUploadRequests();
    const onChange = vi.fn();
    const eight = Array.from({ length: 8 }, (_, i) => ({ ...STORED[0]!, url: `/uploads/${i}abc-480.webp` }));
    renderImages(toUploadItems(eight), onChange);
    const chosen = ['first.png', 'second.png', 'third.png'].map(
      (name) => new File(['png'], name, { type: 'image/png' }),
    );
    await act(async () => {
      fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: chosen } });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^third\.png: /);
    expect(alert.textContent).toContain('at most 9 pictures');
    // The one that fits is taken.
    await waitFor(() =>
      expect(onChange.mock.calls.at(-1)?.[0].map((file: { name: string }) => file.name)).toContain(
        'first.png',
      ),
    );
  });
});
