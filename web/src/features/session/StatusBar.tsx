import { LOGIN_TO_SUBSCRIBE, remainingImages, SUBSCRIBE_PATH, type Plan, type SessionResponse } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { Button } from '#components/ui/Button';
import { formatDate, formatDateTime } from '#lib/format';
import { usePaymentsAvailable } from '#lib/payments';
import { imagesLeftText } from '#lib/planText';

interface StatusBarProps {
  session: SessionResponse | undefined;
  /** The session's plan, for how the allowance is counted ("this month", "every 24 hours"). */
  plan: Plan | undefined;
  loading: boolean;
  failed: boolean;
  signedIn: boolean;
  /** What the page makes: /powerpoint speaks of decks (decision 0261). */
  about?: 'images' | 'decks';
}

const badgeStyles = {
  guest: 'bg-slate-100 text-slate-700 ring-slate-200',
  registered: 'bg-brand-50 text-brand-700 ring-brand-200',
  premium: 'bg-amber-50 text-amber-800 ring-amber-200',
} as const;

/** Tier badge, images left and the way up. */
export function StatusBar({ session, plan, loading, failed, signedIn, about = 'images' }: StatusBarProps) {
  const { t, i18n } = useTranslation();
  const tier = session?.tier ?? 'guest';
  const remaining = session ? remainingImages(session) : undefined;
  // No purchase is offered where none can be made (docs/decisions/0121).
  const payments = usePaymentsAvailable();

  let countText: string;
  if (failed) countText = t('status.unavailable');
  else if (loading || remaining === undefined || (remaining !== null && !plan)) countText = t('status.loading');
  else if (about === 'decks' && plan && !plan.powerpoint) countText = t('decks.status.premiumOnly');
  else if (remaining === null) countText = about === 'decks' ? t('decks.status.unlimited') : t('status.unlimited');
  // A deck takes one unit of the same allowance as an image.
  else if (about === 'decks') countText = t('decks.status.left', { count: remaining, total: session!.maxImages ?? 0 });
  // "8 of 10 images left this month": the allowance and its window come from the plan table.
  else countText = imagesLeftText(t, plan!.window, remaining, session!.maxImages ?? 0);

  const nextAt = session?.nextImageAt && remaining === 0 ? new Date(session.nextImageAt) : null;
  const monthly = plan?.window === 'calendar-month';

  return (
    <section
      aria-label={t('status.label')}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className={clsx('rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset', badgeStyles[tier])}>
          {t(`status.badge.${tier}`)}
        </span>
        <span data-testid="remaining-images" aria-live="polite" className="font-medium text-slate-800">
          {countText}
        </span>
        {nextAt && (
          <span data-testid="quota-renews" className="text-sm text-slate-500">
            {monthly
              ? t('quota.renewsOn', { date: formatDate(nextAt.toISOString(), i18n.language, 'UTC') })
              : t('status.nextImageAt', { time: formatDateTime(nextAt.toISOString(), i18n.language) })}
          </span>
        )}
      </div>
      {tier !== 'premium' && (payments || (tier === 'guest' && remaining === 0)) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {tier === 'guest' && remaining === 0 && (
            <Link
              to="/auth?mode=register"
              data-testid="status-sign-up"
              className="rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white shadow-sm hover:bg-brand-700"
            >
              {t('quota.signUpFree')}
            </Link>
          )}
          {payments && (
            <Button
              variant="accent"
              className="w-full sm:w-auto"
              onClick={() => {
                // Signed-out users sign in first and come back to the subscribe page.
                window.location.assign(signedIn ? SUBSCRIBE_PATH : LOGIN_TO_SUBSCRIBE);
              }}
            >
              {t('status.upgrade')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
