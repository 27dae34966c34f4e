import type { TPermission, TRoleInfo, TStaffInfo, TStaffMember } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import adminEn from '../../../locales/en/admin.json';
import { chooseOption } from '../../../testing/address';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { captureToasts } from '../../../testing/toasts';
import StaffPage from './staff';

const member = (over: Partial<TStaffMember>): TStaffMember => ({
  id: '5',
  username: 'qacurator',
  displayName: 'QA Curator',
  roleId: '3',
  roleName: 'Curators',
  status: 'active',
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

const role = (id: string, name: string, permissions: TPermission[]): TRoleInfo => ({
  id,
  name,
  description: '',
  permissions,
  isSystem: false,
  userCount: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
});

const ROLES = [
  role('1', 'Everything', ['staff.manage', 'roles.manage', 'settings.manage']),
  role('3', 'Curators', ['catalog.manage']),
  role('6', 'Staff managers', ['staff.manage']),
];

const me = (permissions: TPermission[]): TStaffInfo => ({
  id: '7',
  username: 'qastaffmgr',
  displayName: 'Staff manager',
  roleId: '6',
  roleName: 'Staff managers',
  permissions,
});

/** The staff page for a member holding `permissions`; a change is answered by `answerChange`. Returns the changes. */
async function openStaff(permissions: TPermission[], answerChange: () => Response = () => jsonResponse({})) {
  const changes: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method && init.method !== 'GET') {
        changes.push({ method: init.method, path, body: JSON.parse(String(init.body)) });
        return answerChange();
      }
      if (path.endsWith('/auth/me')) {
        return jsonResponse({ staff: me(permissions) });
      }
      return jsonResponse({ data: path.endsWith('/roles') ? ROLES : [member({})] });
    }),
  );
  await renderWithQueries(<StaffPage />);
  const row = (await screen.findByText('qacurator')).closest('tr') as HTMLElement;
  await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
  return { changes, dialog: await screen.findByRole('dialog') };
}

const saveIn = async (dialog: HTMLElement) =>
  act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

describe('Admin -> Staff: editing a member', () => {
  setUpComponentTests({ admin: adminEn });

  it('sets a new password for a locked-out member, and sends none when the field is left empty', async () => {
    const everything: TPermission[] = ['staff.manage', 'roles.manage', 'settings.manage', 'catalog.manage'];
    const { changes, dialog } = await openStaff(everything);
    fireEvent.change(within(dialog).getByLabelText(adminEn.staff.newPassword), {
      target: { value: 'Fresh!x77' },
    });
    await saveIn(dialog);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({
      method: 'PUT',
      path: '/api/v1/admin/staff/5',
      body: { displayName: 'QA Curator', roleId: '3', status: 'active', password: 'Fresh!x77' },
    });

    const row = (await screen.findByText('qacurator')).closest('tr') as HTMLElement;
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
    await saveIn(await screen.findByRole('dialog'));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]?.body).toEqual({ displayName: 'QA Curator', roleId: '3', status: 'active' });
  });

  it('asks before disabling a member (focus on Cancel), and disables only once confirmed', async () => {
    const { changes, dialog } = await openStaff(['staff.manage', 'catalog.manage']);
    await chooseOption(adminEn.staff.status, adminEn.staff.statuses.disabled);
    await saveIn(dialog);
    const confirm = (await screen.findAllByRole('dialog')).find(
      (d) => within(d).queryAllByText('Disable QA Curator?').length > 0,
    ) as HTMLElement;
    expect(within(confirm).getByText(adminEn.staff.disableWarning)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(changes).toEqual([]);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' })));
    expect(changes).toEqual([]);

    await saveIn(dialog);
    const again = (await screen.findAllByRole('dialog')).find(
      (d) => within(d).queryAllByText('Disable QA Curator?').length > 0,
    ) as HTMLElement;
    await act(async () =>
      fireEvent.click(within(again).getByRole('button', { name: adminEn.staff.disable })),
    );
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]?.body).toMatchObject({ status: 'disabled' });
  });

  it('offers only roles within its own permissions, and shows the refusal of one the server will not give', async () => {
    const toasts = captureToasts();
    const { changes, dialog } = await openStaff(['staff.manage', 'catalog.manage'], () =>
      jsonResponse(
        { error: { code: 'NO_PERMISSION', message: 'You do not have permission for this operation' } },
        403,
      ),
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: adminEn.staff.role }));
    await screen.findAllByRole('option');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map(
      (option) => option.textContent,
    );
    expect(offered).toEqual(['Curators', 'Staff managers']);
    expect(screen.queryByTitle('Everything')).toBeNull();

    await chooseOption(adminEn.staff.role, 'Staff managers');
    await saveIn(dialog);
    await waitFor(() => expect(changes).toHaveLength(1));
    await waitFor(() => expect(toasts).toEqual(['error: You do not have permission for this operation']));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
