import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { GuestPage } from './pages/guest/GuestPage';
import { NotFoundPage } from './pages/NotFoundPage';

/** Until sign-in and the landing page exist, /, /images and /guest all show the guest screen. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <GuestPage /> },
      { path: '/images', element: <GuestPage /> },
      { path: '/guest', element: <GuestPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
