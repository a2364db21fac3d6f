import { useQuery } from '@tanstack/react-query';
import { plansResponseSchema, sessionResponseSchema, type Plan, type SessionResponse } from '@lightpix/shared';
import { apiGet } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: () => apiGet('/api/session/current', sessionResponseSchema),
    // SPEC §7: refetched on mount.
    refetchOnMount: 'always',
  });
}

const plansQuery = { queryKey: queryKeys.plans, queryFn: () => apiGet('/api/plans', plansResponseSchema) };

export function usePlans() {
  return useQuery({ ...plansQuery, select: (response) => response.plans });
}

/** Hours a result stays downloadable, from the same plan table answer. */
export function useRetentionHours() {
  return useQuery({ ...plansQuery, select: (response) => response.retentionHours });
}

/** The plan of the current session's tier, once both have loaded. */
export function useCurrentPlan(session: SessionResponse | undefined): Plan | undefined {
  const plans = usePlans();
  return session ? plans.data?.find((plan) => plan.tier === session.tier) : undefined;
}
