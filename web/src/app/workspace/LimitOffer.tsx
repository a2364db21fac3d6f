import { SIGN_IN_TO_SUBSCRIBE, SUBSCRIBE_PATH, type Tier } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { usePaymentsAvailable } from '#lib/payments';
import { allowanceText, priceText } from '#lib/planText';
import { usePlans } from '../../features/session/api';

const linkClass = 'inline-flex justify-center rounded-lg px-4 py-2 text-sm font-medium shadow-sm';

/**
 * What a visitor at their limit can do next, with the plan table's figures: a guest is offered the
 * free account first, then Premium; a registered user Premium (docs/decisions/0058).
 */
export function LimitOffer({ tier, signedIn }: { tier: Tier; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const payments = usePaymentsAvailable();
  const registered = plans.data?.find((plan) => plan.tier === 'registered');
  const premium = plans.data?.find((plan) => plan.tier === 'premium');
  if (!registered || !premium || tier === 'premium') return null;
  const guest = tier === 'guest';
  const premiumLine = t('quota.premiumOffer', {
    allowance: allowanceText(t, premium),
    price: priceText(premium.priceEurCents, i18n.language),
  });
  return (
    <div data-testid="limit-offer" className="mt-2 space-y-3 text-sm text-slate-600">
      <p>{t(guest ? 'quota.guestLimit' : 'quota.registeredLimit')}</p>
      {guest && <p>{t('quota.signUpOffer', { allowance: allowanceText(t, registered) })}</p>}
      {payments && <p>{premiumLine}</p>}
      <div className="flex flex-col justify-center gap-2 sm:flex-row" onClick={(event) => event.stopPropagation()}>
        {guest && (
          <Link to="/auth?mode=register" data-testid="offer-sign-up" className={`${linkClass} bg-brand-600 text-white hover:bg-brand-700`}>
            {t('quota.signUpFree')}
          </Link>
        )}
        {payments && (
          <Link
            to={signedIn ? SUBSCRIBE_PATH : SIGN_IN_TO_SUBSCRIBE}
            data-testid="offer-premium"
            className={`${linkClass} ${guest ? 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50' : 'bg-amber-400 text-slate-900 hover:bg-amber-300'}`}
          >
            {t('quota.goPremium')}
          </Link>
        )}
      </div>
    </div>
  );
}
