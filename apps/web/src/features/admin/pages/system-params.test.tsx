import { SETTING_DEFINITIONS, type TSystemParam } from '@caravan/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../locales/ar/admin.json';
import en from '../../../locales/en/admin.json';
import { tableCodeOnPhone } from '../../../testing/css-rules';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import SystemParamsPage from './system-params';

const WINDOW: TSystemParam = {
  code: 'withdraw_time_window',
  value: '00:00-24:00',
  description: 'When withdrawals may be applied for, HH:mm-HH:mm in UTC',
  isPublic: false,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

describe('Admin -> System parameters', () => {
  setUpComponentTests();

  it('has a description in the dictionary for every declared setting (dots in codes become __)', () => {
    const described = en.params.descriptions as Record<string, string>;
    const missing = Object.keys(SETTING_DEFINITIONS).filter((code) => !described[code.replaceAll('.', '__')]);
    expect(missing).toEqual([]);
  });

  it('wraps a long key rather than run it under the pinned "Edit" column at 360 px (QA consoles 4)', async () => {
    const long = { ...WINDOW, code: 'staff_totp_required_for_money_roles', value: 'false' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: [long] })),
    );
    await renderWithQueries(<SystemParamsPage />);
    const key = await screen.findByText('staff_totp_required_for_money_roles');
    expect(key.tagName).toBe('CODE');
    // Left to right in Arabic (its start "staff" was off the cell), wrapped and held narrow on a phone.
    expect(key.getAttribute('dir')).toBe('ltr');
    expect(key.classList.contains('cv-table-code')).toBe(true);
    expect(tableCodeOnPhone()).toMatch(/display: inline-block;/);
  });

  it("describes a setting in the reader's language and shows the server's refusal beside the field", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(
            {
              error: {
                code: 'SETTING_INVALID',
                message:
                  'The value of withdraw_time_window is not valid: a time window HH:mm-HH:mm in UTC, such as 09:00-18:00',
                details: { field: 'value' },
              },
            },
            400,
          )
        : jsonResponse({ data: [WINDOW] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<SystemParamsPage />);
    const row = (await screen.findByText('withdraw_time_window')).closest('tr') as HTMLElement;
    const description = en.params.descriptions.withdraw_time_window;
    expect(within(row).getByText(description)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    // Typing goes into the value at once (the focus was on the close button).
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox')));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '09:00-24:59' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          'The value of withdraw_time_window is not valid: a time window HH:mm-HH:mm in UTC, such as 09:00-18:00',
        ),
      ).toBeTruthy(),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true);
  });

  it('keeps time windows left to right in Arabic: isolated in the description, unbroken in the value', async () => {
    i18next.addResourceBundle('ar', 'admin', ar, true, true);
    await i18next.changeLanguage('ar');
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ data: [WINDOW] })),
      );
      await renderWithQueries(<SystemParamsPage />);
      const row = (await screen.findByText('withdraw_time_window')).closest('tr') as HTMLElement;
      const description = ar.params.descriptions.withdraw_time_window;
      // Digits after Arabic letters are read as Arabic numbers: without LRI … PDI "09:00-18:00" showed "18:00-09:00".
      const ranges = description.match(/\d\d:\d\d-\d\d:\d\d/g) ?? [];
      expect(ranges).toEqual(['09:00-18:00', '00:00-24:00']);
      for (const range of [...ranges, 'HH:mm-HH:mm']) {
        expect(description).toContain(`\u2066${range}\u2069`);
        // Each kept on one line, left to right: the cell broke after "HH:mm-" and the halves read in the wrong order.
        for (const shown of within(row).getAllByText(range, { selector: 'bdi' })) {
          expect(shown.getAttribute('dir')).toBe('ltr');
          expect(shown.className).toContain('cv-nowrap');
        }
      }
      expect(within(row).getByText(/الفترة التي يمكن فيها تقديم طلبات السحب/).textContent).toBe(
        description.replaceAll(/[\u2066\u2069]/g, ''),
      );
      const value = within(row).getByText('00:00-24:00', { selector: 'span' });
      expect(value.getAttribute('dir')).toBe('ltr');
      // Broken at its hyphen the value read "00:00-" over "24:00".
      expect(value.className).toContain('cv-nowrap');
    } finally {
      await i18next.changeLanguage('en');
      i18next.removeResourceBundle('ar', 'admin');
    }
  });
});
