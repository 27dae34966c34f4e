import type {
  ADMIN_USER_STATUSES,
  TAdminUserSort,
  TAdminUsersResponse,
  TAuditEntry,
  TCreateStaffRequest,
  TJobRun,
  TJobRunOutcome,
  TPage,
  TRoleInfo,
  TRoleRequest,
  TStaffMember,
  TSystemParam,
  TUpdateStaffRequest,
} from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTableSort } from '../../../components/ui/table-sort';
import { api } from '../../../lib/api';

const staffCall = { audience: 'staff' } as const;

export type TUsersFilter = {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: (typeof ADMIN_USER_STATUSES)[number];
} & TTableSort<TAdminUserSort>;

export const ADMIN_KEYS = {
  users: (query: TUsersFilter) => ['admin', 'users', query] as const,
  roles: ['admin', 'roles'] as const,
  staff: ['admin', 'staff'] as const,
  audit: (pageNum: number, pageSize: number) => ['admin', 'audit', pageNum, pageSize] as const,
  params: ['admin', 'params'] as const,
  jobs: ['admin', 'jobs'] as const,
};

export function useAdminUsers(query: TUsersFilter) {
  return useQuery({
    queryKey: ADMIN_KEYS.users(query),
    queryFn: () => api.get<TAdminUsersResponse>('/admin/users', { ...staffCall, query }),
    placeholderData: (previous) => previous,
  });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isEnabled, reason }: { id: string; isEnabled: boolean; reason: string }) =>
      api.post(`/admin/users/${id}/${isEnabled ? 'enable' : 'disable'}`, { reason }, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useRoles(isEnabled = true) {
  return useQuery({
    queryKey: ADMIN_KEYS.roles,
    queryFn: async () => (await api.get<{ data: TRoleInfo[] }>('/admin/roles', staffCall)).data,
    enabled: isEnabled,
  });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TRoleRequest }) =>
      id ? api.put(`/admin/roles/${id}`, body, staffCall) : api.post('/admin/roles', body, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.roles }),
    meta: { isToastSkipped: true },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/roles/${id}`, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.roles }),
  });
}

export function useStaffList() {
  return useQuery({
    queryKey: ADMIN_KEYS.staff,
    queryFn: async () => (await api.get<{ data: TStaffMember[] }>('/admin/staff', staffCall)).data,
  });
}

export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: string; body: TUpdateStaffRequest } | { id?: undefined; body: TCreateStaffRequest },
    ) =>
      input.id
        ? api.put(`/admin/staff/${input.id}`, input.body, staffCall)
        : api.post('/admin/staff', input.body, staffCall),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.staff });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.roles });
    },
    meta: { isToastSkipped: true },
  });
}

/** Search of the audit log; empty fields are left out of the query. */
export type TAuditSearch = {
  staff?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
};

export function useAuditLog(pageNum: number, pageSize: number, search: TAuditSearch = {}) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.audit(pageNum, pageSize), search],
    queryFn: () =>
      api.get<TPage<TAuditEntry>>('/admin/audit-log', {
        ...staffCall,
        query: { pageNum, pageSize, ...search },
      }),
    placeholderData: (previous) => previous,
  });
}

export function useSystemParams() {
  return useQuery({
    queryKey: ADMIN_KEYS.params,
    queryFn: async () => (await api.get<{ data: TSystemParam[] }>('/admin/system-params', staffCall)).data,
  });
}

export function useSaveSystemParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, value }: { code: string; value: string }) =>
      api.put(`/admin/system-params/${code}`, { value }, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.params }),
    meta: { isToastSkipped: true },
  });
}

export type TJobRunsFilter = { name?: string; outcome?: TJobRunOutcome };

/** Timed job runs, newest first (settings.manage). */
export function useJobRuns(pageNum: number, pageSize: number, filter: TJobRunsFilter) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.jobs, pageNum, pageSize, filter],
    queryFn: () =>
      api.get<TPage<TJobRun>>('/admin/jobs', { ...staffCall, query: { pageNum, pageSize, ...filter } }),
    placeholderData: (previous) => previous,
  });
}
