import { SUBSCRIBE_PATH, type BillingAccount } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { errorMessage } from '#lib/errorMessage';
import { formatDate } from '#lib/format';
import { priceText } from '#lib/planText';
import { useCancelOrResume, useOpenPortal } from './api';

const live = ['active', 'trialing', 'past_due'];

/** /account's plan: tier, price, renewal or end date, cancel at period end or resume, the Customer Portal. */
export function AccountPlan({ account }: { account: BillingAccount }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const change = useCancelOrResume();
  const portal = useOpenPortal();
  const subscription = account.subscription;
  const paying = subscription !== null && live.includes(subscription.status);
  const periodEnd = subscription?.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, i18n.language) : null;
  const failed = (error: unknown) =>
    toast({ title: t('billing.account.error'), description: errorMessage(error, t, i18n.exists), variant: 'destructive' });

  function act(action: 'cancel' | 'resume') {
    change.mutate(action, {
      onSuccess: () =>
        toast({
          title: t(action === 'cancel' ? 'billing.account.cancelled' : 'billing.account.resumed'),
          description: action === 'cancel' && periodEnd ? t('billing.account.ends', { date: periodEnd }) : '',
        }),
      onError: failed,
    });
  }

  return (
    <section
      aria-labelledby="plan-heading"
      data-testid="account-plan"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
        {t('billing.account.plan')}
      </h2>
      <p className="mt-2 text-slate-800">
        <span data-testid="account-tier" className="font-semibold">
          {t(`billing.account.tier.${account.tier === 'premium' ? 'premium' : 'registered'}`)}
        </span>
        {paying && (
          <span className="text-slate-600">
            {' '}
            · {t('billing.account.price', { price: priceText(account.priceEurCents, i18n.language) })}
          </span>
        )}
      </p>
      {account.complimentary && <p className="mt-1 text-sm text-slate-600">{t('billing.account.complimentary')}</p>}
      {paying && periodEnd && (
        <p data-testid="account-period" className="mt-1 text-sm text-slate-600">
          {t(subscription.cancelAtPeriodEnd ? 'billing.account.ends' : 'billing.account.renews', { date: periodEnd })}
        </p>
      )}
      {subscription && subscription.status !== 'active' && subscription.status !== 'trialing' && (
        <p className="mt-1 text-sm text-red-700">
          {t(`billing.account.status.${subscription.status}`, { defaultValue: subscription.status })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {paying && !subscription.cancelAtPeriodEnd && (
          <Button variant="secondary" disabled={change.isPending || !account.paymentsAvailable} onClick={() => act('cancel')}>
            {t('billing.account.cancel')}
          </Button>
        )}
        {paying && subscription.cancelAtPeriodEnd && (
          <Button disabled={change.isPending || !account.paymentsAvailable} onClick={() => act('resume')}>
            {t('billing.account.resume')}
          </Button>
        )}
        {account.portalAvailable && (
          <Button variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate(undefined, { onError: failed })}>
            {t('billing.account.portal')}
          </Button>
        )}
        {account.tier !== 'premium' && account.paymentsAvailable && (
          <Link
            to={SUBSCRIBE_PATH}
            className="rounded-lg bg-amber-400 px-4 py-2 text-sm font-medium text-slate-900 shadow-sm hover:bg-amber-300"
          >
            {t('billing.account.upgrade')}
          </Link>
        )}
      </div>
      {paying && !subscription.cancelAtPeriodEnd && <p className="mt-2 text-xs text-slate-500">{t('billing.account.cancelNote')}</p>}
      {!account.paymentsAvailable && <p className="mt-2 text-sm text-slate-500">{t('billing.account.paymentsOff')}</p>}
    </section>
  );
}
