import { useQuery } from '@tanstack/react-query';
import { apiPaths, statsResponseSchema } from '@lightpix/shared';
import { apiGet } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

export function useStats() {
  return useQuery({ queryKey: queryKeys.stats, queryFn: () => apiGet(apiPaths.stats, statsResponseSchema) });
}
