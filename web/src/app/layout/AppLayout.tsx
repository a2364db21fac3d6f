import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '#components/layout/Footer';
import { Header } from '#components/layout/Header';
import { ScrollRestoration } from '#components/router';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { StartedSignal } from '#lib/started';
import { AccountDeletedNotice } from '../../features/account/AccountDeletedNotice';
import { ConfirmEmailBanner } from '../../features/auth/ConfirmEmailBanner';
import { PastDueBanner } from '../../features/billing/PastDueBanner';
import { PaymentReturn } from '../../features/billing/PaymentReturn';
import { ConsentBanner } from '../../features/consent/ConsentBanner';

export function AppLayout({ children }: { children: ReactNode }) {
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
          {children}
          <StartedSignal />
        </Suspense>
      </main>
      <Footer />
      {/* Room for the workspace's bottom bar on phones (web/src/index.css), above the consent banner. */}
      <div aria-hidden="true" className="action-bar-spacer" />
      <ConsentBanner />
      {/* A new page opens at its top (or its #section); back and forward return where the visitor was. */}
      <ScrollRestoration />
    </div>
  );
}
