import { landingPath } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from '#components/router';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { homeLanguage } from '#lib/i18n';
import { LandingPage } from './landing/LandingPage';
import { GuestPage, ImagesPage } from './lazyPages';

/**
 * / and /images: the image optimiser when signed in; signed out, / is the landing
 * page (in the visitor's language, docs/decisions/0010) and /images the guest screen.
 */
export function HomeRoute({ signedOut }: { signedOut: 'landing' | 'guest' }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <Spinner label={t('common.loading')} />;
  // A failed user check (not a 401) falls back to the signed-out screen, which still works.
  if (user.data) return <ImagesPage user={user.data} />;
  if (signedOut === 'guest') return <GuestPage />;
  // The server's render (no storage, no browser language) is English: boot.ts sends other visitors to their page first.
  const language = typeof navigator === 'undefined' ? 'en' : homeLanguage();
  return language === 'en' ? <LandingPage language="en" /> : <Navigate to={landingPath(language)} replace />;
}
