import { landingLanguageOf } from '@lightpix/shared';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '#components/layout/Footer';
import { Header } from '#components/layout/Header';
import { Spinner } from '#components/ui/Spinner';
import { isLanguage, preferredLanguage, switchLanguage } from '#lib/i18n';
import { ConsentBanner } from '../../features/consent/ConsentBanner';

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();

  // Polish exists for the landing page only: leaving it returns the interface to a full language.
  useEffect(() => {
    if (!landingLanguageOf(pathname) && !isLanguage(i18n.language)) void switchLanguage(preferredLanguage());
  }, [pathname, i18n]);

  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ConsentBanner />
    </div>
  );
}
