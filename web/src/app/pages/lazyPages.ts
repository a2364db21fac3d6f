import { lazy } from 'react';

// Pages other than the landing page load on demand, so the landing page's JavaScript stays small.
export const AdminPage = lazy(() => import('./admin/AdminPage').then((m) => ({ default: m.AdminPage })));
export const AuthPage = lazy(() => import('./auth/AuthPage').then((m) => ({ default: m.AuthPage })));
export const ContactPage = lazy(() => import('./contact/ContactPage').then((m) => ({ default: m.ContactPage })));
export const GuestPage = lazy(() => import('./guest/GuestPage').then((m) => ({ default: m.GuestPage })));
export const ImagesPage = lazy(() => import('./images/ImagesPage').then((m) => ({ default: m.ImagesPage })));
export const LegalPage = lazy(() => import('./legal/LegalPage').then((m) => ({ default: m.LegalPage })));
export const PartnersPage = lazy(() => import('./partners/PartnersPage').then((m) => ({ default: m.PartnersPage })));
export const PowerPointPage = lazy(() => import('./powerpoint/PowerPointPage').then((m) => ({ default: m.PowerPointPage })));
export const SubscribePage = lazy(() => import('./subscribe/SubscribePage').then((m) => ({ default: m.SubscribePage })));
export const AccountPage = lazy(() => import('./account/AccountPage').then((m) => ({ default: m.AccountPage })));
export const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
export const DevelopersPage = lazy(() => import('./developers/DevelopersPage').then((m) => ({ default: m.DevelopersPage })));
