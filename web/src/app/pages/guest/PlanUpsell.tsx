import { SIGN_IN_TO_SUBSCRIBE, SIGN_UP_PATH } from '@lightpix/shared';
import type { Plan } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { usePaymentsAvailable } from '#lib/payments';
import { allowanceText, priceText } from '#lib/planText';
import { formatLabel } from '#lib/processingSettings';

/** Guest page: what an account or Premium adds, read from GET /api/plans. */
export function PlanUpsell({ plans }: { plans: Plan[] }) {
  const { t, i18n } = useTranslation();
  const payments = usePaymentsAvailable();
  const registered = plans.find((plan) => plan.tier === 'registered');
  const premium = plans.find((plan) => plan.tier === 'premium');
  if (!registered || !premium) return null;
  const price = priceText(premium.priceEurCents, i18n.language);

  return (
    <section aria-labelledby="upsell-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="upsell-heading" className="text-lg font-semibold text-slate-900">
        {t('plans.heading')}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{t('plans.registered.title')}</h3>
          <p className="text-sm text-slate-500">{t('plans.free')}</p>
          <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{allowanceText(t, registered)}</li>
            <li>{t('plans.formats', { formats: registered.outputFormats.map(formatLabel).join(', ') })}</li>
            {registered.history && <li>{t('plans.history')}</li>}
          </ul>
          <Link
            to={SIGN_UP_PATH}
            className="mt-4 rounded-lg border border-slate-300 px-4 py-2 text-center text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('plans.registered.cta')}
          </Link>
        </div>
        <div className="flex flex-col rounded-xl border-2 border-amber-300 bg-amber-50/50 p-4">
          <h3 className="font-semibold text-slate-900">{t('plans.premium.title')}</h3>
          <p className="text-sm text-slate-500">{t('plans.perMonth', { price })}</p>
          <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{allowanceText(t, premium)}</li>
            <li>{t('plans.batch', { count: premium.filesPerSelection })}</li>
            {premium.powerpoint && <li>{t('plans.powerpoint')}</li>}
            {premium.ads === 'none' && <li>{t('plans.noAds')}</li>}
          </ul>
          {payments ? (
            <Link
              to={SIGN_IN_TO_SUBSCRIBE}
              className="mt-4 rounded-lg bg-amber-400 px-4 py-2 text-center text-sm font-medium text-slate-900 hover:bg-amber-300"
            >
              {t('plans.premium.cta')}
            </Link>
          ) : (
            <p data-testid="premium-not-for-sale" className="mt-4 text-center text-sm text-slate-600">
              {t('plans.paymentsOff')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
