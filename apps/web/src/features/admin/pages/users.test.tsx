import type { TAdminUser, TStaffInfo } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import adminEn from '../../../locales/en/admin.json';
import consoleEn from '../../../locales/en/console.json';
import { Address, addressParams, lastReadParams } from '../../../testing/address';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { captureToasts } from '../../../testing/toasts';
import UsersPage from './users';

const ME: TStaffInfo = {
  id: '1',
  username: 'admin',
  displayName: 'Admin',
  roleId: '1',
  roleName: 'Administrator',
  permissions: ['users.read', 'users.manage'],
};

const user = (id: string, username: string, status: TAdminUser['status']): TAdminUser => ({
  id,
  usercode: `1000000${id}`,
  username,
  email: null,
  areaCode: null,
  phone: null,
  status,
  isSeller: false,
  invitationCode: `INV${id}`,
  invitedByUserId: null,
  agentCode: null,
  loginLockedUntil: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  cancelledAt: null,
});

function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/v1/admin/auth/me') {
      return jsonResponse({ staff: ME });
    }
    if (pathname === '/api/v1/admin/users') {
      return jsonResponse({
        pageList: [user('7', 'trader7', 'active'), user('8', 'trader8', 'disabled')],
        total: 2,
        pageNum: 1,
        pageSize: 20,
      });
    }
    return jsonResponse({ ok: true });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const statusCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([url]) =>
    /\/(disable|enable)$/.test(new URL(String(url), 'http://localhost').pathname),
  );

describe('Admin -> Users: disabling and enabling an account', () => {
  setUpComponentTests({ admin: adminEn, console: consoleEn });

  it.each([
    { name: 'trader7', action: 'Disable', path: '/api/v1/admin/users/7/disable' },
    { name: 'trader8', action: 'Enable', path: '/api/v1/admin/users/8/enable' },
  ])('asks for the reason before it asks the server to $action $name', async ({ name, action, path }) => {
    const fetchMock = serve();
    const toasts = captureToasts();
    await renderWithQueries(<UsersPage />);
    const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
    await act(async () => fireEvent.click(await within(row).findByRole('button', { name: action })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(new RegExp(`^${name} will`))).toBeTruthy();

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: action })));
    const reason = within(dialog).getByLabelText('Reason (kept in the audit log)');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(statusCalls(fetchMock)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: '  Ticket 4411: owner confirmed by phone ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: action })));
    await waitFor(() => expect(statusCalls(fetchMock)).toHaveLength(1));
    const [url, init] = statusCalls(fetchMock)[0]!;
    expect(new URL(String(url), 'http://localhost').pathname).toBe(path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Ticket 4411: owner confirmed by phone' });
    await waitFor(() => expect(toasts).toEqual(['success: Operation succeeded']));
  });

  it('opens on the page, status and search the address names (a reload kept none of them)', async () => {
    const fetchMock = serve();
    await renderWithQueries(<UsersPage />, '/admin/users?pageNum=2&status=disabled&keyword=trader');
    await screen.findByText('trader7');
    const read = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/admin/users')
      .at(-1)!;
    expect(Object.fromEntries(read.searchParams)).toMatchObject({
      pageNum: '2',
      status: 'disabled',
      keyword: 'trader',
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('trader');
  });

  it('asks the server for the sort the address names, and a header click sorts again from page 1', async () => {
    const fetchMock = serve();
    await renderWithQueries(
      <>
        <UsersPage />
        <Address />
      </>,
      '/admin/users?pageNum=2&status=active&sort=createdAt&order=asc',
    );
    await screen.findByText('trader7');
    const USERS = '/api/v1/admin/users';
    expect(lastReadParams(fetchMock, USERS)).toMatchObject({ pageNum: '2', sort: 'createdAt', order: 'asc' });
    const created = () => screen.getByRole('columnheader', { name: adminEn.users.createdAt });
    expect(created().getAttribute('aria-sort')).toBe('ascending');
    // Only creation sorts: the server has no order for the other columns.
    expect(
      screen.getByRole('columnheader', { name: adminEn.users.username }).hasAttribute('aria-description'),
    ).toBe(false);

    await act(async () => fireEvent.click(created()));
    await waitFor(() => expect(lastReadParams(fetchMock, USERS)).toMatchObject({ order: 'desc' }));
    expect(lastReadParams(fetchMock, USERS)).toMatchObject({
      pageNum: '1',
      status: 'active',
      sort: 'createdAt',
    });
    expect(addressParams()).toEqual({ status: 'active', sort: 'createdAt', order: 'desc' });
    expect(created().getAttribute('aria-sort')).toBe('descending');

    // A third click goes back to the list's own order (newest account first): no sort is asked for.
    await act(async () => fireEvent.click(created()));
    await waitFor(() => expect(lastReadParams(fetchMock, USERS)).not.toHaveProperty('sort'));
    expect(addressParams()).toEqual({ status: 'active' });
  });
});

describe('Admin -> Users: a search that finds nobody', () => {
  setUpComponentTests({ admin: adminEn, console: consoleEn });

  it('says nothing matches and offers the whole list back, which clears the search and the status (QA)', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/admin/auth/me') {
        return jsonResponse({ staff: ME });
      }
      const isFiltered = url.searchParams.has('keyword') || url.searchParams.has('status');
      return jsonResponse({
        pageList: isFiltered ? [] : [user('7', 'trader7', 'active')],
        total: isFiltered ? 0 : 1,
        pageNum: 1,
        pageSize: 20,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<UsersPage />, '/admin/users?status=disabled&keyword=zzzznotauser');
    await screen.findByText('Nothing matches these filters');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })));
    await screen.findByText('trader7');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(lastReadParams(fetchMock, '/api/v1/admin/users')).not.toHaveProperty('keyword');
    expect(lastReadParams(fetchMock, '/api/v1/admin/users')).not.toHaveProperty('status');
  });
});
