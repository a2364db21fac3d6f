import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '#components/layout/Footer';
import { Header } from '#components/layout/Header';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { StartedSignal } from '#lib/started';
import { AccountDeletedNotice } from '../../features/account/AccountDeletedNotice';
import { ConfirmEmailBanner } from '../../features/auth/ConfirmEmailBanner';
import { PastDueBanner } from '../../features/billing/PastDueBanner';
import { PaymentReturn } from '../../features/billing/PaymentReturn';
import { ConsentBanner } from '../../features/consent/ConsentBanner';

export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();

  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <PastDueBanner signedIn={Boolean(user.data)} />
      <ConfirmEmailBanner />
      <PaymentReturn />
      <AccountDeletedNotice />
      {/* At least a screen tall: the footer starts below the fold, so a page filling in never pushes it (docs/decisions/0218). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
          <StartedSignal />
        </Suspense>
      </main>
      <Footer />
      {/* Room for the workspace's bottom bar on phones (web/src/index.css), above the consent banner. */}
      <div aria-hidden="true" className="action-bar-spacer" />
      <ConsentBanner />
      {/* A new page opens at its top (or its #section); back and forward return where the visitor was. Every page loaded
          afresh has the key "default", so that one is told apart by its path: leaving /account scrolled down for home
          (after deleting the account) must not open home at /account's position. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}
