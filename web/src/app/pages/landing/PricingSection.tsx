import { SIGN_IN_TO_SUBSCRIBE, SIGN_UP_PATH, uploadFormatsText, type Plan, type Tier } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { formatMb } from '#lib/format';
import { usePaymentsAvailable } from '#lib/payments';
import { priceText } from '#lib/planText';
import { usePlans, useSession } from '../../../features/session/api';
import { planLines } from './planText';
import { SectionLink } from './SectionLink';

const buttonClass = 'mt-6 block rounded-lg px-4 py-2.5 text-center text-sm font-medium';

/** Pricing: the current tier's button is disabled; registered → the register form; premium → /auth?redirect=/subscribe. */
function PlanButton({ plan, current }: { plan: Plan; current: Tier | undefined }) {
  const { t } = useTranslation();
  const payments = usePaymentsAvailable();
  if (plan.tier === current) {
    return (
      <button type="button" disabled className={clsx(buttonClass, 'w-full cursor-not-allowed bg-slate-100 text-slate-500')}>
        {t('landing.pricing.current')}
      </button>
    );
  }
  const label = t(`landing.pricing.${plan.tier}.cta`);
  if (plan.tier === 'guest') {
    return (
      <SectionLink section="upload" className={clsx(buttonClass, 'border border-slate-300 text-slate-800 hover:bg-slate-50')}>
        {label}
      </SectionLink>
    );
  }
  const premium = plan.tier === 'premium';
  // Premium's features stay listed; without payments there is nothing to press (docs/decisions/0121).
  if (premium && !payments) {
    return (
      <p data-testid="premium-not-for-sale" className="mt-6 text-center text-sm text-slate-600">
        {t('landing.pricing.paymentsOff')}
      </p>
    );
  }
  return (
    <Link
      to={premium ? SIGN_IN_TO_SUBSCRIBE : SIGN_UP_PATH}
      className={clsx(
        buttonClass,
        premium ? 'bg-amber-400 text-slate-900 hover:bg-amber-300' : 'bg-brand-600 text-white hover:bg-brand-700',
      )}
    >
      {label}
    </Link>
  );
}

export function PricingSection() {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const session = useSession();
  const maxImageBytes = plans.data?.[0]?.maxImageBytes;

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20">
      <h2 id="pricing-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {t('landing.pricing.heading')}
      </h2>
      <p className="mt-3 text-center text-slate-600">{t('landing.pricing.subtitle')}</p>
      {maxImageBytes !== undefined && (
        <p data-testid="pricing-inputs" className="mt-1 text-center text-sm text-slate-500">
          {t('landing.pricing.inputs', { formats: uploadFormatsText(i18n.language), size: formatMb(maxImageBytes, i18n.language) })}
        </p>
      )}
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {plans.data?.map((plan) => (
          <article
            key={plan.tier}
            data-testid={`plan-${plan.tier}`}
            className={clsx(
              'flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
              plan.tier === 'premium' ? 'border-2 border-amber-300' : 'border-slate-200',
            )}
          >
            <h3 className="text-lg font-semibold text-slate-900">{t(`landing.pricing.${plan.tier}.title`)}</h3>
            <p className="mt-2 text-3xl font-bold text-slate-900">
              {plan.priceEurCents === 0
                ? t('landing.pricing.free')
                : t('landing.pricing.perMonth', { price: priceText(plan.priceEurCents, i18n.language) })}
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
              {planLines(t, plan).map((line) => (
                <li key={line} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">
                    ✓
                  </span>
                  {line}
                </li>
              ))}
            </ul>
            <PlanButton plan={plan} current={session.data?.tier} />
          </article>
        ))}
      </div>
    </section>
  );
}
