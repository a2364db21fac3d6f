import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Plan, type PlansResponse, type SessionResponse } from '@lightpix/shared';
import { apiGet } from '#lib/api';
import { plansShape, sessionShape } from '#lib/answerShapes';
import { queryKeys } from '#lib/queryKeys';

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => apiGet(apiPaths.session, sessionShape),
});

export function useSession() {
  // Refetched on mount.
  return useQuery({ ...sessionQuery, refetchOnMount: 'always' });
}

/** GET /api/plans is fetched once; each hook picks the part it needs. */
export const plansQuery = queryOptions({
  queryKey: queryKeys.plans,
  queryFn: () => apiGet(apiPaths.plans, plansShape),
});

function usePlansResponse<T>(select: (response: PlansResponse) => T) {
  return useQuery({ ...plansQuery, select });
}

const selectPlans = (response: PlansResponse) => response.plans;
const selectPlanTable = (response: PlansResponse) => response;
const selectRetentionHours = (response: PlansResponse) => response.retentionHours;

export function usePlans() {
  return usePlansResponse(selectPlans);
}

/** Hours a result stays downloadable, from the same answer. */
export function useRetentionHours() {
  return usePlansResponse(selectRetentionHours);
}

/** The whole plan table with the retention of results, as the legal pages quote them. */
export function usePlanTable() {
  return usePlansResponse(selectPlanTable);
}

/** The plan of the current session's tier, once both have loaded. */
export function useCurrentPlan(session: SessionResponse | undefined): Plan | undefined {
  const plans = usePlans();
  return session ? plans.data?.find((plan) => plan.tier === session.tier) : undefined;
}
