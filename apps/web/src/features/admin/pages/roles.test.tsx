import type { TRoleInfo } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import adminAr from '../../../locales/ar/admin.json';
import adminEn from '../../../locales/en/admin.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import RolesPage from './roles';

const role = (
  id: string,
  name: string,
  isSystem: boolean,
  userCount: number,
  description = '',
): TRoleInfo => ({
  id,
  name,
  description,
  permissions: ['users.read'],
  isSystem,
  userCount,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('Admin -> Roles', () => {
  setUpComponentTests({ admin: adminEn });

  it('offers Delete only where it can succeed: never on a built-in role, disabled while staff hold the role', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          data: [
            role('1', 'Administrator', true, 0),
            role('2', 'Auditors', false, 2),
            role('3', 'Interns', false, 0),
          ],
        }),
      ),
    );
    await renderWithQueries(<RolesPage />);
    await waitFor(() => expect(screen.getByText('Interns')).toBeTruthy());
    const deleteIn = (name: string) =>
      within(screen.getByText(name).closest('tr') as HTMLElement).queryByRole('button', { name: 'Delete' });
    expect(deleteIn('Administrator')).toBeNull();
    expect((deleteIn('Auditors') as HTMLButtonElement).disabled).toBe(true);
    expect((deleteIn('Interns') as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves a new role once on a double click', async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(String(input));
          // Held open, as on a slow line, so the second click comes while the first request runs.
          return new Promise<Response>(() => undefined);
        }
        return jsonResponse({ data: [role('1', 'Administrator', true, 1)] });
      }),
    );
    await renderWithQueries(<RolesPage />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'New role' })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'QA Double' } });
    const save = within(dialog).getByRole('button', { name: /save|ok/i });
    await act(async () => {
      fireEvent.click(save);
      fireEvent.click(save);
    });
    await waitFor(() => expect(posts).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toHaveLength(1);
  });

  it("names the built-in roles in the reader's language, and shows a description an administrator rewrote as written", async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT' || init?.method === 'POST') {
          saved.push(JSON.parse(String(init.body)));
          return jsonResponse({});
        }
        return jsonResponse({
          data: [
            role('1', 'Administrator', true, 1, 'Full access to the platform'),
            role('2', 'Customer service', true, 1, 'Chats, in the night shift'),
            role('3', 'Auditors', false, 0, 'Reads the books'),
          ],
        });
      }),
    );
    i18next.addResourceBundle('ar', 'admin', adminAr, true, true);
    await i18next.changeLanguage('ar');
    try {
      await renderWithQueries(<RolesPage />);
      const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
      expect(within(await rowOf('المسؤول')).getByText('وصول كامل إلى المنصة')).toBeTruthy();
      expect(within(await rowOf('خدمة العملاء')).getByText('Chats, in the night shift')).toBeTruthy();
      expect(within(await rowOf('Auditors')).getByText('Reads the books')).toBeTruthy();
      expect(screen.queryByText('Administrator')).toBeNull();
      // Its name box is locked: the server keeps a built-in role's name.
      await act(async () =>
        fireEvent.click(within(await rowOf('المسؤول')).getByRole('button', { name: 'Edit' })),
      );
      // In the reader's language, as the list names it (the editor showed the stored English).
      const dialog = await screen.findByRole('dialog');
      expect((within(dialog).getByDisplayValue('المسؤول') as HTMLInputElement).disabled).toBe(true);
      expect(within(dialog).getByDisplayValue('وصول كامل إلى المنصة')).toBeTruthy();
      // Saved unchanged, the role keeps its stored name and description, not the reader's translation.
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({ name: 'Administrator', description: 'Full access to the platform' });
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
