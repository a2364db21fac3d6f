import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { AdminPage } from './pages/admin/AdminPage';
import { AuthPage } from './pages/auth/AuthPage';
import { ContactPage } from './pages/contact/ContactPage';
import { GuestPage } from './pages/guest/GuestPage';
import { HomeRoute } from './pages/HomeRoute';
import { NotFoundPage } from './pages/NotFoundPage';
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
      { path: '/contact', element: <ContactPage /> },
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
