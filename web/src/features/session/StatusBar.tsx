import { remainingImages, type SessionResponse } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';

interface StatusBarProps {
  session: SessionResponse | undefined;
  loading: boolean;
  failed: boolean;
  signedIn: boolean;
}

const badgeStyles = {
  guest: 'bg-slate-100 text-slate-700 ring-slate-200',
  registered: 'bg-brand-50 text-brand-700 ring-brand-200',
  premium: 'bg-amber-50 text-amber-800 ring-amber-200',
} as const;

/** Tier badge, images left and the way up (SPEC §2 "Status bar"). */
export function StatusBar({ session, loading, failed, signedIn }: StatusBarProps) {
  const { t, i18n } = useTranslation();
  const tier = session?.tier ?? 'guest';
  const remaining = session ? remainingImages(session) : undefined;

  let countText: string;
  if (failed) countText = t('status.unavailable');
  else if (loading || remaining === undefined) countText = t('status.loading');
  else if (remaining === null) countText = t('status.unlimited');
  else countText = t('status.remaining', { count: remaining });

  const nextAt = session?.nextImageAt && remaining === 0 ? new Date(session.nextImageAt) : null;

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
          <span className="text-sm text-slate-500">
            {t('status.nextImageAt', {
              time: nextAt.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
            })}
          </span>
        )}
      </div>
      {tier !== 'premium' && (
        <Button
          variant="accent"
          className="w-full sm:w-auto"
          onClick={() => {
            // Signed-out users sign in first (SPEC §2); the subscribe page arrives with auth.
            window.location.assign(signedIn ? '/subscribe' : '/api/login');
          }}
        >
          {t('status.upgrade')}
        </Button>
      )}
    </section>
  );
}
