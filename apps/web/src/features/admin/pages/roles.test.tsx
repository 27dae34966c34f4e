import type { TRoleInfo } from '@caravan/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import RolesPage from './roles';

const role = (id: string, name: string, isSystem: boolean, userCount: number): TRoleInfo => ({
  id,
  name,
  description: '',
  permissions: ['users.read'],
  isSystem,
  userCount,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('Admin -> Roles', () => {
  setUpComponentTests();

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
});
