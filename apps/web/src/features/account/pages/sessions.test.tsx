import type { TDeviceSession } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import arServices from '../../../locales/ar/services.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { initTestI18n } from '../../../testing/i18n';
import SessionsPage from './sessions';

const DEVICE: TDeviceSession = {
  id: '1',
  browser: 'Chrome',
  os: 'Windows',
  place: '217.160.0.1',
  countryCode: 'DE',
  isLocalNetwork: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  isCurrent: true,
};

/** The page over `list`, read again on each refetch (a function gives the list as it is then). */
function renderWith(list: TDeviceSession[] | (() => TDeviceSession[])) {
  vi.spyOn(api, 'get').mockImplementation(async () => ({ list: typeof list === 'function' ? list() : list }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SessionsPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const places = async () => {
  await waitFor(() => expect(screen.getAllByTestId('device-place').length).toBeGreaterThan(0));
  return screen.getAllByTestId('device-place').map((node) => node.textContent);
};

describe('SessionsPage places', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    const i18n = await initTestI18n();
    await i18n.changeLanguage('en');
  });
  failOnAntdWarnings();

  it('names the country of each device, the local network or an unknown place, and keeps the address', async () => {
    renderWith([
      DEVICE,
      {
        ...DEVICE,
        id: '2',
        isCurrent: false,
        place: '192.168.1.20',
        countryCode: null,
        isLocalNetwork: true,
      },
      { ...DEVICE, id: '3', isCurrent: false, place: null, countryCode: null, isLocalNetwork: false },
    ]);
    expect(await places()).toEqual(['From Germany', 'On the local network', 'Place unknown']);
    expect(screen.getByText('(217.160.0.1)')).toBeTruthy();
    expect(screen.getByText('(192.168.1.20)')).toBeTruthy();
  });

  it('names the country in the reader\u2019s language', async () => {
    const i18n = await initTestI18n();
    await i18n.changeLanguage('ja');
    renderWith([{ ...DEVICE, countryCode: 'JP' }]);
    expect(await places()).toEqual(['From 日本']);
  });

  it('reads "browser on system" in the page\u2019s direction with the names and the address isolated in Arabic (QA accounts 10)', async () => {
    const i18n = await initTestI18n();
    i18n.addResourceBundle('ar', 'services', arServices, true, true);
    await i18n.changeLanguage('ar');
    renderWith([
      {
        ...DEVICE,
        browser: 'Chrome',
        os: 'Linux',
        place: '127.0.0.1',
        countryCode: null,
        isLocalNetwork: true,
      },
    ]);
    const name = await screen.findByTestId('device-name');
    // Not one auto-direction run (a <bdi> took "Chrome"'s left-to-right for the whole Arabic sentence).
    expect(name.closest('bdi')).toBeNull();
    expect(name.getAttribute('dir')).toBeNull();
    expect(name.textContent).toBe('\u2068Chrome\u2069 على \u2068Linux\u2069');
    // The address with its parentheses is one left-to-right run.
    expect(screen.getByText('(127.0.0.1)').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('(127.0.0.1)').tagName).toBe('BDI');
  });

  it('passes the focus to the next device’s Sign out when one is signed out from the keyboard', async () => {
    let list = [
      DEVICE,
      { ...DEVICE, id: '2', isCurrent: false, browser: 'Firefox' },
      { ...DEVICE, id: '3', isCurrent: false, browser: 'Safari', os: 'macOS' },
    ];
    const signOut = vi.spyOn(api, 'delete').mockImplementation(async (path) => {
      list = list.filter((device) => !path.endsWith(`/${device.id}`));
      return {};
    });
    renderWith(() => list);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(2));
    const [firefox] = screen.getAllByRole('button', { name: 'Sign out' });
    firefox?.focus();
    await act(async () => fireEvent.click(firefox!));
    const dialog = await screen.findByRole('tooltip');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' })));

    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(2));
    expect(signOut).toHaveBeenCalledWith('/account/sessions/2');
    const [safari] = screen.getAllByRole('button', { name: 'Sign out' });
    await waitFor(() => expect(document.activeElement).toBe(safari));
  });
});
