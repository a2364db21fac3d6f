import { SUBSCRIBE_PATH, type Plan } from '@lightpix/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { allowanceText } from '#lib/planText';

/**
 * Shown to non-premium users until closed; the button goes to /subscribe. What Premium gives is read
 * from the plan table, so an operator's monthly cap is never sold as "unlimited".
 */
export function UpgradeBanner({ premium }: { premium: Plan | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!open || !premium) return null;
  const gives = [
    allowanceText(t, premium),
    t('plans.batch', { count: premium.filesPerSelection }),
    ...(premium.powerpoint ? [t('plans.powerpoint')] : []),
    ...(premium.ads === 'none' ? [t('plans.noAds')] : []),
  ];
  return (
    <section
      aria-label={t('images.banner.label')}
      data-testid="upgrade-banner"
      className="relative flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 pr-12 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold text-amber-900">{t('images.banner.title')}</p>
        <p data-testid="upgrade-banner-gives" className="mt-0.5 text-sm text-amber-800">
          {gives.join(' · ')}
        </p>
      </div>
      <Link
        to={SUBSCRIBE_PATH}
        className="shrink-0 rounded-lg bg-amber-400 px-4 py-2 text-center text-sm font-medium text-slate-900 shadow-sm hover:bg-amber-300"
      >
        {t('images.banner.cta')}
      </Link>
      <button
        type="button"
        aria-label={t('images.banner.close')}
        onClick={() => setOpen(false)}
        className="absolute top-2 right-2 rounded-md p-1.5 text-lg leading-none text-amber-800 hover:bg-amber-100"
      >
        ×
      </button>
    </section>
  );
}
