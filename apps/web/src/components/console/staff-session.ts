import type { TPermission, TStaffInfo, TStaffLoginRequest } from '@caravan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';

export const STAFF_ME_KEY = ['staff', 'me'] as const;

export function loginStaff(body: TStaffLoginRequest) {
  return api.post<{ token: string; staff: TStaffInfo }>('/admin/auth/login', body, { audience: 'staff' });
}

export function logoutStaff() {
  return api.post('/admin/auth/logout', {}, { audience: 'staff' });
}

/** The logged-in staff member (null when the staff cookie is missing or expired). */
export function useStaffMe() {
  return useQuery({
    queryKey: STAFF_ME_KEY,
    queryFn: async () => {
      try {
        return (await api.get<{ staff: TStaffInfo }>('/admin/auth/me', { audience: 'staff' })).staff;
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useSetStaffMe() {
  const queryClient = useQueryClient();
  return (staff: TStaffInfo | null) => queryClient.setQueryData(STAFF_ME_KEY, staff);
}

/** A list means any one of them is enough (the server checks the exact one per action). */
export function hasPermission(
  staff: TStaffInfo | null | undefined,
  permission: TPermission | readonly TPermission[] | undefined,
): boolean {
  if (!permission) {
    return true;
  }
  const wanted: readonly TPermission[] = typeof permission === 'string' ? [permission] : permission;
  return wanted.some((one) => Boolean(staff?.permissions.includes(one)));
}
