import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { Button } from '#components/ui/Button';
import { decideConsent, useConsent } from '#lib/consent';

/**
 * Asks once whether advertising may be shown (only technical storage is used before an answer).
 * Accept and Reject look the same, as the GDPR and the Garante require; "Cookie settings" reopens it.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { choice, bannerOpen } = useConsent();
  const dialog = useRef<HTMLElement>(null);
  const reopened = bannerOpen && choice !== null;

  useEffect(() => {
    // Only a banner the visitor asked for takes the focus; the first one does not interrupt reading.
    if (reopened) dialog.current?.focus();
  }, [reopened]);

  // Bars fixed to the bottom of the screen (the workspace's Optimise bar) sit above the banner, not under it.
  useEffect(() => {
    const element = dialog.current;
    if (!bannerOpen || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, [bannerOpen]);

  if (!bannerOpen) return null;
  return (
    <section
      ref={dialog}
      role="dialog"
      aria-labelledby="consent-title"
      aria-describedby="consent-body"
      tabIndex={-1}
      data-testid="consent-banner"
      className="sticky bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] outline-none backdrop-blur"
    >
      {/* At most a fifth of a 360×740 screen (decision 0224): the heading runs into the text, the buttons share a row. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:px-6 sm:py-4">
        <div className="min-w-0 text-xs text-slate-700 sm:text-sm">
          <div>
            <h2 id="consent-title" className="inline font-semibold text-slate-900">
              {t('consent.title')}
            </h2>{' '}
            <span id="consent-body">{t('consent.body')}</span>{' '}
            <Link to="/cookie-policy" className="font-medium text-brand-700 underline hover:text-brand-800">
              {t('consent.policy')}
            </Link>
          </div>
          {choice && <p className="mt-1 text-slate-600">{t(`consent.current.${choice}`)}</p>}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="primary" size="sm" className="flex-1 sm:flex-none" onClick={() => decideConsent('rejected')}>
            {t('consent.reject')}
          </Button>
          <Button variant="primary" size="sm" className="flex-1 sm:flex-none" onClick={() => decideConsent('accepted')}>
            {t('consent.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
