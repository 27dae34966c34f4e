import type { TJobRun, TPage } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { Address, addressParams, chooseOption, lastReadParams, selectShown } from '../../../testing/address';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import JobsPage from './jobs';

const RUNS: TJobRun[] = [
  {
    id: '2',
    name: 'catalog-fold-sales',
    instance: 'web-1:4242',
    startedAt: '2026-11-25T10:00:00.000Z',
    finishedAt: '2026-11-25T10:00:01.500Z',
    outcome: 'failed',
    error: 'deadlock detected',
    durationMs: 1500,
  },
  {
    id: '1',
    name: 'delete-expired-sessions',
    instance: 'web-2:77',
    startedAt: '2026-11-25T09:00:00.000Z',
    finishedAt: '2026-11-25T09:00:00.040Z',
    outcome: 'ok',
    error: null,
    durationMs: 40,
  },
];

function answer(page: TPage<TJobRun>) {
  return jsonResponse(page);
}

async function renderPage() {
  await renderWithQueries(<JobsPage />);
}

describe('Admin -> Timed jobs', () => {
  setUpComponentTests({ console: consoleEn });

  it('lists runs with start, end, outcome, duration, process and error, asking the server page by page', async () => {
    const fetchMock = vi.fn(async () => answer({ pageList: RUNS, total: 45, pageNum: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetchMock);
    await renderPage();
    await waitFor(() => expect(screen.getByText('catalog-fold-sales')).toBeTruthy());
    expect(screen.getByText('deadlock detected')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('1.5 s')).toBeTruthy();
    expect(screen.getByText('40 ms')).toBeTruthy();
    expect(screen.getByText('web-2:77')).toBeTruthy();
    expect(document.body.textContent).toContain('2026-11-25');
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/api/v1/admin/jobs');
    expect(url).toContain('pageNum=1');
    // 45 runs at 20 a page: three pages.
    expect(screen.getByTitle('3')).toBeTruthy();
  });

  it('says so when no run matches', async () => {
    vi.stubGlobal('fetch', async () => answer({ pageList: [], total: 0, pageNum: 1, pageSize: 20 }));
    await renderPage();
    await waitFor(() => expect(screen.getByText('No job runs match this search')).toBeTruthy());
  });

  describe('in the address', () => {
    const JOBS = '/api/v1/admin/jobs';

    async function openAt(url: string) {
      const fetchMock = vi.fn(async () => answer({ pageList: RUNS, total: 45, pageNum: 1, pageSize: 20 }));
      vi.stubGlobal('fetch', fetchMock);
      await renderWithQueries(
        <>
          <JobsPage />
          <Address />
        </>,
        url,
      );
      await screen.findByText('catalog-fold-sales');
      return fetchMock;
    }

    it('opens on the page, job and outcome the address names (a reload kept none of them)', async () => {
      const fetchMock = await openAt('/admin/jobs?pageNum=2&name=catalog-fold-sales&outcome=failed');
      expect(lastReadParams(fetchMock, JOBS)).toMatchObject({
        pageNum: '2',
        name: 'catalog-fold-sales',
        outcome: 'failed',
      });
      expect((screen.getByRole('textbox', { name: 'Job' }) as HTMLInputElement).value).toBe(
        'catalog-fold-sales',
      );
      expect(selectShown('Outcome')).toBe('Failed');
    });

    it('writes a search, an outcome and a page turn into the address', async () => {
      const fetchMock = await openAt('/admin/jobs');
      fireEvent.change(screen.getByRole('textbox', { name: 'Job' }), { target: { value: ' catalog ' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
      expect(addressParams()).toEqual({ name: 'catalog' });
      await act(async () => chooseOption('Outcome', 'Running'));
      expect(addressParams()).toEqual({ name: 'catalog', outcome: 'running' });
      await act(async () => fireEvent.click(screen.getByTitle('2')));
      expect(addressParams()).toEqual({ name: 'catalog', outcome: 'running', pageNum: '2' });
      await waitFor(() =>
        expect(lastReadParams(fetchMock, JOBS)).toMatchObject({
          name: 'catalog',
          outcome: 'running',
          pageNum: '2',
        }),
      );
    });

    it.each(['?pageNum=0', '?pageNum=two', '?pageNum=1.5', '?outcome=lost', `?name=${'x'.repeat(65)}`])(
      'takes an address it cannot read (%s) as the first page of every run',
      async (search) => {
        const fetchMock = await openAt(`/admin/jobs${search}`);
        const read = lastReadParams(fetchMock, JOBS);
        expect(read.pageNum).toBe('1');
        expect(read).not.toHaveProperty('outcome');
        expect(read).not.toHaveProperty('name');
      },
    );
  });
});
