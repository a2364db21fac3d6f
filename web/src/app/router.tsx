import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { AdminPage } from './pages/admin/AdminPage';
import { AuthPage } from './pages/auth/AuthPage';
import { GuestPage } from './pages/guest/GuestPage';
import { HomeRoute } from './pages/HomeRoute';
import { cookiePolicy } from './pages/legal/cookiePolicy';
import { LegalDocumentPage } from './pages/legal/LegalDocumentPage';
import { privacyPolicy } from './pages/legal/privacyPolicy';
import { termsOfService } from './pages/legal/termsOfService';
import { NotFoundPage } from './pages/NotFoundPage';
import { PartnersPage } from './pages/partners/PartnersPage';
import { PowerPointPage } from './pages/powerpoint/PowerPointPage';
import { PremiumRoute } from './routing/PremiumRoute';

/** Until the landing page exists, / shows the same as /images: the optimiser signed in, else the guest screen. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/images', element: <HomeRoute /> },
      { path: '/guest', element: <GuestPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/our-partners', element: <PartnersPage /> },
      { path: '/terms-of-service', element: <LegalDocumentPage document={termsOfService} /> },
      { path: '/privacy-policy', element: <LegalDocumentPage document={privacyPolicy} /> },
      { path: '/cookie-policy', element: <LegalDocumentPage document={cookiePolicy} /> },
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
