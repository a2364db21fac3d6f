import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type SessionResponse } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { billingAccountShape, sessionShape } from '#lib/answerShapes';
import { later } from '#lib/laterChecks';
import { queryKeys } from '#lib/queryKeys';

export function useCreateSubscription() {
  return useMutation({
    mutationFn: (attemptId: string) =>
      apiSend(
        'POST',
        apiPaths.subscriptionCreate,
        { attemptId },
        later((schemas) => schemas.createSubscriptionResponseSchema),
      ),
  });
}

/** The signed-in user's plan and billing, for /account and the payment-failed banner; read first on /account (app/firstReads.ts). */
export const billingAccountQuery = queryOptions({
  queryKey: queryKeys.billingAccount,
  queryFn: () => apiGet(apiPaths.subscription, billingAccountShape),
  retry: false,
});

export function useBillingAccount(enabled: boolean) {
  return useQuery({ ...billingAccountQuery, enabled });
}

export function useCancelOrResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      apiSend('POST', action === 'cancel' ? apiPaths.subscriptionCancel : apiPaths.subscriptionResume, {}, billingAccountShape),
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.billingAccount, account);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        apiPaths.subscriptionPortal,
        {},
        later((schemas) => schemas.portalResponseSchema),
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

const POLL_EVERY_MS = 1000;
const POLL_FOR_MS = 30_000;

/**
 * After Stripe confirms the card, premium arrives with the webhook: the session is asked again every
 * second for up to 30 s; true once premium, false when it did not arrive in time.
 */
export async function waitForPremium(fetchSession: () => Promise<SessionResponse>): Promise<boolean> {
  const until = Date.now() + POLL_FOR_MS;
  while (Date.now() < until) {
    const session = await fetchSession().catch(() => null);
    if (session?.tier === 'premium') return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return false;
}

export function useWaitForPremium() {
  const queryClient = useQueryClient();
  return async () => {
    const premium = await waitForPremium(() =>
      queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: () => apiGet(apiPaths.session, sessionShape), staleTime: 0 }),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      queryClient.invalidateQueries({ queryKey: queryKeys.billingAccount }),
    ]);
    return premium;
  };
}
