import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminStatsSchema, adminUserSchema, adminUsersResponseSchema, type AdminUserUpdate } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

export function useAdminStats() {
  return useQuery({
    queryKey: queryKeys.adminStats,
    queryFn: () => apiGet('/api/admin/stats', adminStatsSchema),
    refetchOnMount: 'always',
  });
}

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: async () => (await apiGet('/api/admin/users', adminUsersResponseSchema)).users,
    refetchOnMount: 'always',
  });
}

/** PATCH /api/admin/users/:id, then both lists are read again (no full reload needed). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: AdminUserUpdate }) =>
      apiSend('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, update, adminUserSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
      ]),
  });
}
