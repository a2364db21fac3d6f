import {
  ACCOUNT_PATH,
  DEVELOPERS_PATH,
  landingLanguages,
  landingPath,
  RESET_PASSWORD_PATH,
  CONFIRM_EMAIL_PATH,
  SIGN_OUT_PAGE,
  SUBSCRIBE_PATH,
} from '@lightpix/shared';
import type { ReactNode } from 'react';
import { matchPage, useLocation } from '#components/router';
import { AppLayout } from './layout/AppLayout';
import { HomeRoute } from './pages/HomeRoute';
import {
  AccountPage,
  AdminPage,
  AuthPage,
  ContactPage,
  DevelopersPage,
  GuestPage,
  LegalPage,
  PartnersPage,
  PowerPointPage,
  ResetPasswordPage,
  ConfirmEmailPage,
  SubscribePage,
} from './pages/lazyPages';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SignOutPage } from './pages/auth/SignOutPage';

/** Every page by its path, in the layout every page shares (App.tsx, and the server's render of the landing pages in ssr/render.tsx). */
const pages: { path: string; element: ReactNode }[] = [
  { path: '/', element: <HomeRoute signedOut="landing" /> },
  ...landingLanguages
    .filter((language) => language !== 'en')
    .map((language) => ({ path: landingPath(language), element: <LandingPage key={language} language={language} /> })),
  { path: '/images', element: <HomeRoute signedOut="guest" /> },
  { path: '/guest', element: <GuestPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: RESET_PASSWORD_PATH, element: <ResetPasswordPage /> },
  { path: CONFIRM_EMAIL_PATH, element: <ConfirmEmailPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/our-partners', element: <PartnersPage /> },
  { path: '/terms-of-service', element: <LegalPage name="terms" /> },
  { path: '/privacy-policy', element: <LegalPage name="privacy" /> },
  { path: '/cookie-policy', element: <LegalPage name="cookies" /> },
  { path: '/imprint', element: <LegalPage name="imprint" /> },
  {
    path: '/powerpoint',
    element: <PowerPointPage />,
  },
  { path: SUBSCRIBE_PATH, element: <SubscribePage /> },
  { path: ACCOUNT_PATH, element: <AccountPage /> },
  { path: DEVELOPERS_PATH, element: <DevelopersPage /> },
  { path: SIGN_OUT_PAGE, element: <SignOutPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** The page at the router's address, in the layout every page shares. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <AppLayout>{matchPage(pages, pathname)}</AppLayout>;
}
