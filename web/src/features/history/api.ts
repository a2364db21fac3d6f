import { useQuery } from '@tanstack/react-query';
import { historyResponseSchema } from '@lightpix/shared';
import { apiGet } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

/** GET /api/images/history, only when signed in; refetched after each processed image. */
export function useHistory(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.history,
    queryFn: async () => (await apiGet('/api/images/history', historyResponseSchema)).items,
    enabled,
    refetchOnMount: 'always',
  });
}
