import type { Plan, Tier } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { useConsent } from '#lib/consent';
import { usePaymentsAvailable } from '#lib/payments';
import { allowanceText, priceText } from '#lib/planText';
import { adSlotsFor, premiumPromotionLink } from './adSlots';

interface AdSlotProps {
  /** The plan table from GET /api/plans; nothing shows until it has loaded. */
  plans: Plan[] | undefined;
  /** The visitor's tier (the user's when signed in, else the session's); nothing shows until it is known. */
  tier: Tier | undefined;
  signedIn: boolean;
  /** 1 for a page's first slot, 2 for its second: plans with 'fewer' ads fill only the first. */
  position?: 1 | 2;
  className?: string;
}

/**
 * A place for an advertisement: empty before the visitor consents and for plans without ads.
 * No ad network is configured, so the slot advertises our own Premium plan, labelled as an ad.
 */
export function AdSlot({ plans, tier, signedIn, position = 1, className }: AdSlotProps) {
  const { t, i18n } = useTranslation();
  const { choice } = useConsent();
  const payments = usePaymentsAvailable();
  const plan = plans?.find((candidate) => candidate.tier === tier);
  const premium = plans?.find((candidate) => candidate.tier === 'premium');
  // The only advertisement is our own Premium's: none where Premium cannot be bought.
  if (choice !== 'accepted' || !payments || !plan || !premium || position > adSlotsFor(plan.ads)) return null;

  const price = priceText(premium.priceEurCents, i18n.language);
  const allowance = allowanceText(t, premium);

  return (
    <aside
      aria-label={t('ads.label')}
      data-testid="ad-slot"
      className={clsx('rounded-2xl border border-dashed border-slate-300 bg-white p-4', className)}
    >
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('ads.house')}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{t('ads.premium.title')}</p>
          <p className="mt-0.5 text-sm text-slate-700">{t('ads.premium.body', { allowance, price })}</p>
        </div>
        <Link
          to={premiumPromotionLink(signedIn)}
          className="shrink-0 rounded-lg bg-amber-400 px-4 py-2 text-center text-sm font-medium text-slate-900 shadow-sm hover:bg-amber-300"
        >
          {t('ads.premium.cta')}
        </Link>
      </div>
    </aside>
  );
}
