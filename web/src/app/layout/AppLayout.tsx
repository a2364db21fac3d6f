import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '#components/layout/Footer';
import { Header } from '#components/layout/Header';
import { Spinner } from '#components/ui/Spinner';
import { useShownLandingLanguage } from '#lib/homeLinks';
import { isLanguage, preferredLanguage, switchLanguage } from '#lib/i18n';
import { useCurrentUser } from '#lib/currentUser';
import { StartedSignal } from '#lib/started';
import { PastDueBanner } from '../../features/billing/PastDueBanner';
import { PaymentReturn } from '../../features/billing/PaymentReturn';
import { ConsentBanner } from '../../features/consent/ConsentBanner';

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const landing = useShownLandingLanguage();
  const user = useCurrentUser();

  // Polish exists for the landing page only: elsewhere the interface shows English (docs/decisions/0057).
  useEffect(() => {
    if (!landing && !isLanguage(i18n.language)) void switchLanguage(preferredLanguage());
  }, [landing, i18n]);

  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <PastDueBanner signedIn={Boolean(user.data)} />
      <PaymentReturn />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
          <StartedSignal />
        </Suspense>
      </main>
      <Footer />
      <ConsentBanner />
      {/* A new page opens at its top (or its #section); back and forward return where the visitor was. */}
      <ScrollRestoration />
    </div>
  );
}
