import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '#components/router';
import { useToast } from '#components/ui/Toast';
import { useWaitForPremium } from './api';

/** The query Stripe adds to the return URL after a redirect-based payment (a bank's page, not a card form). */
const STRIPE_RETURN_PARAMS = ['redirect_status', 'payment_intent', 'payment_intent_client_secret'];

/**
 * Back from a payment method that left the site: Stripe returns to the site origin with
 * `?redirect_status=`. The page says how it went, waits briefly for the webhook as /subscribe does,
 * and drops Stripe's query from the address (docs/decisions/0075-back-from-a-payment-redirect.md).
 */
export function PaymentReturn() {
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const waitForPremium = useWaitForPremium();
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const status = params.get('redirect_status');
    if (!status || handled.current) return;
    handled.current = true;
    for (const name of STRIPE_RETURN_PARAMS) params.delete(name);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    // 'processing' is a bank transfer still on its way: paid as far as the user is concerned, premium follows the webhook.
    if (status === 'succeeded' || status === 'processing') {
      toast({ title: t('billing.subscribe.paidTitle'), description: t('billing.subscribe.paidBody') });
      void waitForPremium();
    } else {
      toast({ title: t('billing.subscribe.errorTitle'), description: t('billing.subscribe.returnFailed'), variant: 'destructive' });
    }
  }, [location, navigate, t, toast, waitForPremium]);

  return null;
}
