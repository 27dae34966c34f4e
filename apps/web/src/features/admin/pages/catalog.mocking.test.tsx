import type { TImage } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CatalogPage from './catalog';

const UPLOADED: TImage = {
  url: '/uploads/img/0a/0123456789abcdef0123456789abcdef-480.webp',
  width: 480,
  height: 480,
  srcset: '',
};
const postFile = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/upload-image')>()),
  postFileWithProgress: postFile,
}));

describe('Admin -> Catalogue: a new category with an icon', () => {
  setUpComponentTests({ console: consoleEn });

  it('uploads the picture for the category module and sends its reference as the icon', async () => {
    postFile.mockResolvedValue(UPLOADED);
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return jsonResponse({ ok: true });
        }
        return jsonResponse({ data: [] });
      }),
    );
    await renderWithQueries(<CatalogPage />, '/admin/catalog');
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: consoleEn.catalog.newCategory })),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name · English'), { target: { value: 'QA Lamps' } });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array(8)], 'lamp.png', { type: 'image/png' });
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('img', { name: consoleEn.catalog.iconPicture }).getAttribute('src'),
      ).toBe(UPLOADED.url),
    );
    expect(postFile.mock.calls[0]?.[2]).toEqual({ moduleName: 'category' });
    // One picture at most: the add button is gone.
    expect(
      within(dialog).queryByRole('button', {
        name: `${consoleEn.catalog.upload}: ${consoleEn.catalog.iconPicture}`,
      }),
    ).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(sent).toEqual([{ names: { en: 'QA Lamps' }, parentId: null, icon: UPLOADED.url, sort: 0 }]),
    );
  });
});
