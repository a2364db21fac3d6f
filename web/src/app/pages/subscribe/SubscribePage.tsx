import { SIGN_IN_TO_SUBSCRIBE, type CreateSubscriptionResponse } from '@lightpix/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '#components/router';
import { MessagePage } from '#components/ui/MessagePage';
import { PageTitle } from '#components/ui/PageTitle';
import { Spinner } from '#components/ui/Spinner';
import { useToast } from '#components/ui/Toast';
import { ApiError } from '#lib/api';
import { useCurrentUser } from '#lib/currentUser';
import { priceText } from '#lib/planText';
import { useBillingAccount, useCreateSubscription, useWaitForPremium } from '../../../features/billing/api';
import { PaymentForm } from '../../../features/billing/PaymentForm';
import { usePlanTable } from '../../../features/session/api';

type Stage =
  | { name: 'loading' }
  | { name: 'form'; clientSecret: string; publishableKey: string }
  | { name: 'activating' }
  | { name: 'activationSlow' }
  | { name: 'unavailable' }
  | { name: 'loadError' };

/**
 * /subscribe: creates the subscription on load, then Stripe's payment form; after paying it
 * waits for the webhook so the status bar says Premium without a reload (decisions 0030, 0033).
 */
export function SubscribePage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const planTable = usePlanTable();
  const create = useCreateSubscription();
  const waitForPremium = useWaitForPremium();
  const [attemptId] = useState(() => crypto.randomUUID());
  const [stage, setStage] = useState<Stage>({ name: 'loading' });
  const started = useRef(false);
  // A 503 means either no keys on this installation or Stripe failing now: the account answer tells which.
  const account = useBillingAccount(stage.name === 'unavailable');

  const signedIn = user.data ?? null;
  // Nothing is asked of Stripe for a premium account (paid or complimentary) or where payments are off (docs/decisions/0121).
  const premiumAlready = signedIn?.tier === 'premium';
  const paymentsOff = planTable.data?.paymentsAvailable === false;
  useEffect(() => {
    if (user.isPending || planTable.isPending || started.current) return;
    if (!signedIn) {
      void navigate(SIGN_IN_TO_SUBSCRIBE, { replace: true });
      return;
    }
    if (premiumAlready || paymentsOff) return;
    started.current = true;
    create.mutate(attemptId, {
      onSuccess: (answer: CreateSubscriptionResponse) => {
        if ('status' in answer) {
          toast({ title: t('billing.subscribe.alreadyPremium'), description: '' });
          void navigate('/', { replace: true });
        } else setStage({ name: 'form', clientSecret: answer.clientSecret, publishableKey: answer.publishableKey });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) void navigate(SIGN_IN_TO_SUBSCRIBE, { replace: true });
        else if (error instanceof ApiError && error.code === 'payments_unavailable') setStage({ name: 'unavailable' });
        else {
          console.error('Subscription could not be created', error);
          setStage({ name: 'loadError' });
        }
      },
    });
  }, [user.isPending, planTable.isPending, signedIn, premiumAlready, paymentsOff, attemptId, create, navigate, t, toast]);

  const onLoadFailed = useCallback(() => setStage({ name: 'loadError' }), []);
  const onPaid = useCallback(() => {
    setStage({ name: 'activating' });
    void waitForPremium().then((premium) => {
      if (premium) void navigate('/');
      else setStage({ name: 'activationSlow' });
    });
  }, [waitForPremium, navigate]);

  const premiumPlan = planTable.data?.plans.find((plan) => plan.tier === 'premium');
  const price = premiumPlan ? priceText(premiumPlan.priceEurCents, i18n.language) : '';
  const home = t('billing.subscribe.backHome');

  if (signedIn && premiumAlready && stage.name === 'loading') {
    return (
      <MessagePage
        title={t('billing.subscribe.alreadyPremium')}
        body={t('billing.subscribe.alreadyPremiumBody')}
        homeLabel={home}
        testId="already-premium"
      />
    );
  }
  if (signedIn && paymentsOff) {
    return (
      <MessagePage
        title={t('billing.subscribe.unavailableTitle')}
        body={t('billing.subscribe.unavailableBody')}
        homeLabel={home}
        testId="payments-unavailable"
      />
    );
  }
  switch (stage.name) {
    case 'loading':
      return <Spinner label={t('common.loading')} />;
    case 'unavailable':
      if (account.isPending) return <Spinner label={t('common.loading')} />;
      if (account.data?.paymentsAvailable !== false) {
        return (
          <MessagePage
            title={t('billing.subscribe.title')}
            body={t('billing.subscribe.loadError')}
            homeLabel={home}
            role="alert"
            testId="payment-load-error"
          />
        );
      }
      return (
        <MessagePage
          title={t('billing.subscribe.unavailableTitle')}
          body={t('billing.subscribe.unavailableBody')}
          homeLabel={home}
          testId="payments-unavailable"
        />
      );
    case 'loadError':
      return (
        <MessagePage
          title={t('billing.subscribe.title')}
          body={t('billing.subscribe.loadError')}
          homeLabel={home}
          role="alert"
          testId="payment-load-error"
        />
      );
    case 'activating':
      return <Spinner label={t('billing.subscribe.activating')} />;
    case 'activationSlow':
      return <MessagePage title={t('billing.subscribe.paidTitle')} body={t('billing.subscribe.activatingSlow')} homeLabel={home} />;
    case 'form':
      return (
        <div className="mx-auto max-w-lg">
          <PageTitle>{t('billing.subscribe.title')}</PageTitle>
          <p className="mt-2 text-slate-600">{t('billing.subscribe.intro', { price })}</p>
          <PaymentForm
            clientSecret={stage.clientSecret}
            publishableKey={stage.publishableKey}
            priceLabel={price}
            onLoadFailed={onLoadFailed}
            onPaid={onPaid}
          />
          <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
            {home}
          </Link>
        </div>
      );
  }
}
