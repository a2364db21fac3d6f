import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPasswordResetReceiptSchema,
  apiPath,
  apiPaths,
  adminStatsSchema,
  adminUserSchema,
  adminUsersResponseSchema,
  adminAuditResponseSchema,
  type AdminUserUpdate,
  type AuditAction,
  noContentSchema,
} from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { apiGet, apiSend } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

/** Admin reads run only for a known admin (`enabled`), so a guest or a user calls no admin API. */
export function useAdminStats(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.adminStats,
    queryFn: () => apiGet(apiPaths.adminStats, adminStatsSchema),
    refetchOnMount: 'always',
    enabled,
  });
}

/** One page of users matching `q` (part of the e-mail); the server searches and pages. */
export function useAdminUsers(enabled: boolean, { q, page }: { q: string; page: number }) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  return useQuery({
    queryKey: [...queryKeys.adminUsers, q, page],
    queryFn: () => apiGet(`${apiPaths.adminUsers}?${params.toString()}`, adminUsersResponseSchema),
    refetchOnMount: 'always',
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** PATCH /api/admin/users/:id, then both lists are read again (no full reload needed). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: AdminUserUpdate }) =>
      apiSend('PATCH', apiPath(apiPaths.adminUser, { id }), update, adminUserSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
      ]),
  });
}

/** E-mails a reset link to the user's own address; the admin never sees the link. */
export function useSendResetLink() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('POST', apiPath(apiPaths.adminUserPasswordReset, { id }), { language: i18n.language }, adminPasswordResetReceiptSchema),
  });
}

/** One page of the audit trail, filtered by user (part of an e-mail or a whole id) and action (GET /api/admin/audit). */
export function useAdminAudit({ user, action, page }: { user: string; action: AuditAction | ''; page: number }) {
  const params = new URLSearchParams({ page: String(page) });
  if (user) params.set('user', user);
  if (action) params.set('action', action);
  return useQuery({
    queryKey: [...queryKeys.adminAudit, user, action, page],
    queryFn: () => apiGet(`${apiPaths.adminAudit}?${params.toString()}`, adminAuditResponseSchema),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/admin/users/:id with the e-mail typed again; then the lists and the trail are read again. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmEmail }: { id: string; confirmEmail: string }) =>
      apiSend('DELETE', apiPath(apiPaths.adminUser, { id }), { confirmEmail }, noContentSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit }),
      ]),
  });
}
