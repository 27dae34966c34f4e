import type { THomePins } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { HomePinsTab } from './catalog-home-pins';

/** The hot goods section with `items` pinned (the others empty); a save answers the ids it was sent, in order. */
function serveHotGoods(items: THomePins['items']) {
  let current = items;
  const saved: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'PUT') {
        const { targetIds } = JSON.parse(String(init.body)) as { targetIds: string[] };
        saved.push(targetIds);
        current = targetIds.map((id) => items.find((item) => item.id === id)!);
        return jsonResponse({ section: 'hotGoods', targetIds, items: current });
      }
      if (url.pathname.endsWith('/candidates')) {
        return jsonResponse({ data: [] });
      }
      return jsonResponse({
        data: [{ section: 'hotGoods', targetIds: current.map((item) => item.id), items: current }],
      });
    }),
  );
  return saved;
}

describe('Admin -> Catalogue -> home sections', () => {
  setUpComponentTests({ console: consoleEn });

  it('marks a pinned item the home page leaves out, names it once, and keeps the focus on the moved one (QA)', async () => {
    const saved = serveHotGoods([
      { id: '13', name: 'Kettle', isShown: false },
      { id: '14', name: 'Pan', isShown: true },
      { id: '15', name: '#15', isShown: false },
    ]);
    await renderWithQueries(<HomePinsTab />, '/admin/catalog?tab=home');
    await act(async () =>
      fireEvent.click(screen.getByRole('tab', { name: consoleEn.catalog.sections.hotGoods })),
    );
    const kettle = (await screen.findByText('Kettle')).closest('li')!;
    expect(kettle.textContent).toContain(consoleEn.catalog.pinNotShown);
    expect(screen.getByText('Pan').closest('li')!.textContent).not.toContain(consoleEn.catalog.pinNotShown);
    // A deleted item is named by its id, once ("#15 #15" before).
    expect(screen.getAllByText('#15')).toHaveLength(1);

    const down = kettle.querySelector<HTMLButtonElement>('[data-move="down"]')!;
    down.focus();
    await act(async () => fireEvent.click(down));
    await waitFor(() => expect(saved).toEqual([['14', '13', '15']]));
    // The moved item's own Move down keeps the focus (a disabled button dropped it to the page's start).
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByText('Kettle').closest('li')!.querySelector('[data-move="down"]'),
      ),
    );
  });
});
