import type { TAdminUser, TRoleInfo, TStaffMember, TSystemParam } from '@caravan/contracts';
import type { ComponentType } from 'react';
import { describe, it } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { expectLoadErrorThenRetry } from '../../../testing/load-error';
import { setUpComponentTests } from '../../../testing/render';
import RolesPage from './roles';
import StaffPage from './staff';
import SystemParamsPage from './system-params';
import UsersPage from './users';

const CREATED = '2026-11-20T08:00:00.000Z';

const USER: TAdminUser = {
  id: '5',
  usercode: '10000005',
  username: 'listed-user',
  email: null,
  areaCode: null,
  phone: null,
  status: 'active',
  isSeller: false,
  invitationCode: 'INV5',
  invitedByUserId: null,
  agentCode: null,
  loginLockedUntil: null,
  createdAt: CREATED,
  cancelledAt: null,
};
const ROLE: TRoleInfo = {
  id: '3',
  name: 'Listed role',
  description: 'Reads the queues',
  permissions: [],
  isSystem: false,
  userCount: 1,
  createdAt: CREATED,
};
const STAFF: TStaffMember = {
  id: '4',
  username: 'listed-staff',
  displayName: 'Listed Staff',
  roleId: '3',
  roleName: 'Listed role',
  status: 'active',
  createdAt: CREATED,
};
const PARAM: TSystemParam = {
  code: 'listed_param',
  value: '42',
  description: 'A listed parameter',
  isPublic: false,
  updatedAt: CREATED,
};

const PAGES: { name: string; Page: ComponentType; path: string; body: unknown; shown: string }[] = [
  {
    name: 'users',
    Page: UsersPage,
    path: '/api/v1/admin/users',
    body: { pageList: [USER], total: 1, pageNum: 1, pageSize: 20 },
    shown: 'listed-user',
  },
  {
    name: 'roles',
    Page: RolesPage,
    path: '/api/v1/admin/roles',
    body: { data: [ROLE] },
    shown: 'Listed role',
  },
  {
    name: 'staff',
    Page: StaffPage,
    path: '/api/v1/admin/staff',
    body: { data: [STAFF] },
    shown: 'listed-staff',
  },
  {
    name: 'system parameters',
    Page: SystemParamsPage,
    path: '/api/v1/admin/system-params',
    body: { data: [PARAM] },
    shown: 'listed_param',
  },
];

describe.each(PAGES)('Admin -> $name', ({ Page, path, body, shown }) => {
  setUpComponentTests({ console: consoleEn });

  it('says the list could not load and loads it again on "Try again"', async () => {
    await expectLoadErrorThenRetry(<Page />, {
      path,
      body: body,
      errorText: 'Something went wrong, please try again',
      shown,
    });
  });
});
