import { landingLanguages, landingPath } from '@lightpix/shared';
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { HomeRoute } from './pages/HomeRoute';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PremiumRoute } from './routing/PremiumRoute';

// Pages other than the landing page load on demand, so the landing page's JavaScript stays small.
const AdminPage = lazy(() => import('./pages/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const ContactPage = lazy(() => import('./pages/contact/ContactPage').then((m) => ({ default: m.ContactPage })));
const AuthPage = lazy(() => import('./pages/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
const GuestPage = lazy(() => import('./pages/guest/GuestPage').then((m) => ({ default: m.GuestPage })));
const PowerPointPage = lazy(() => import('./pages/powerpoint/PowerPointPage').then((m) => ({ default: m.PowerPointPage })));
const PartnersPage = lazy(() => import('./pages/partners/PartnersPage').then((m) => ({ default: m.PartnersPage })));
const LegalPage = lazy(() => import('./pages/legal/LegalPage').then((m) => ({ default: m.LegalPage })));

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomeRoute signedOut="landing" /> },
      ...landingLanguages
        .filter((language) => language !== 'en')
        .map((language) => ({ path: landingPath(language), element: <LandingPage key={language} language={language} /> })),
      { path: '/images', element: <HomeRoute signedOut="guest" /> },
      { path: '/guest', element: <GuestPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/our-partners', element: <PartnersPage /> },
      { path: '/terms-of-service', element: <LegalPage name="terms" /> },
      { path: '/privacy-policy', element: <LegalPage name="privacy" /> },
      { path: '/cookie-policy', element: <LegalPage name="cookies" /> },
      {
        path: '/powerpoint',
        element: (
          <PremiumRoute>
            <PowerPointPage />
          </PremiumRoute>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
