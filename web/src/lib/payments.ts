import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@lightpix/shared';
import { apiGet } from './api';
import { plansShape } from './answerShapes';
import { queryKeys } from './queryKeys';

/**
 * True once GET /api/plans says Premium can be bought here; false while unknown, so an installation
 * without payments never flashes a purchase button (docs/decisions/0121).
 */
export function usePaymentsAvailable(): boolean {
  const plans = useQuery({
    queryKey: queryKeys.plans,
    queryFn: () => apiGet(apiPaths.plans, plansShape),
    select: (response) => response.paymentsAvailable,
  });
  return plans.data === true;
}
