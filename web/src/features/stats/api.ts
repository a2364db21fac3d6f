import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@lightpix/shared';
import { apiGet } from '#lib/api';
import { statsShape } from '#lib/answerShapes';
import { queryKeys } from '#lib/queryKeys';

export function useStats() {
  return useQuery({ queryKey: queryKeys.stats, queryFn: () => apiGet(apiPaths.stats, statsShape) });
}
