import { lazy } from 'react';

// Pages other than the landing page load on demand, so the landing page's JavaScript stays small.
const pages = {
  admin: () => import('./admin/AdminPage').then((m) => ({ default: m.AdminPage })),
  auth: () => import('./auth/AuthPage').then((m) => ({ default: m.AuthPage })),
  contact: () => import('./contact/ContactPage').then((m) => ({ default: m.ContactPage })),
  guest: () => import('./guest/GuestPage').then((m) => ({ default: m.GuestPage })),
  images: () => import('./images/ImagesPage').then((m) => ({ default: m.ImagesPage })),
  legal: () => import('./legal/LegalPage').then((m) => ({ default: m.LegalPage })),
  partners: () => import('./partners/PartnersPage').then((m) => ({ default: m.PartnersPage })),
  powerpoint: () => import('./powerpoint/PowerPointPage').then((m) => ({ default: m.PowerPointPage })),
  subscribe: () => import('./subscribe/SubscribePage').then((m) => ({ default: m.SubscribePage })),
  account: () => import('./account/AccountPage').then((m) => ({ default: m.AccountPage })),
  resetPassword: () => import('./auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
  confirmEmail: () => import('./auth/ConfirmEmailPage').then((m) => ({ default: m.ConfirmEmailPage })),
  developers: () => import('./developers/DevelopersPage').then((m) => ({ default: m.DevelopersPage })),
};

export const AdminPage = lazy(pages.admin);
export const AuthPage = lazy(pages.auth);
export const ContactPage = lazy(pages.contact);
export const GuestPage = lazy(pages.guest);
export const ImagesPage = lazy(pages.images);
export const LegalPage = lazy(pages.legal);
export const PartnersPage = lazy(pages.partners);
export const PowerPointPage = lazy(pages.powerpoint);
export const SubscribePage = lazy(pages.subscribe);
export const AccountPage = lazy(pages.account);
export const ResetPasswordPage = lazy(pages.resetPassword);
export const ConfirmEmailPage = lazy(pages.confirmEmail);
export const DevelopersPage = lazy(pages.developers);

/** The page most likely shown at this address, by its first segment (/, /images: the signed-in page; a miss loads nothing). */
const pageAt: Record<string, keyof typeof pages> = {
  images: 'images',
  guest: 'guest',
  auth: 'auth',
  admin: 'admin',
  contact: 'contact',
  'our-partners': 'partners',
  'terms-of-service': 'legal',
  'privacy-policy': 'legal',
  'cookie-policy': 'legal',
  imprint: 'legal',
  powerpoint: 'powerpoint',
  subscribe: 'subscribe',
  account: 'account',
  developers: 'developers',
  'reset-password': 'resetPassword',
  'confirm-email': 'confirmEmail',
};

/**
 * Loads a page's code as the app starts, beside its texts and first reads, rather than after its first
 * render (docs/decisions/0218); the page's lazy component then finds it loaded. Never fails: a page
 * that could not load shows its own error when rendered.
 */
export async function loadPageOf(pathname: string): Promise<void> {
  const page = pageAt[pathname.split('/')[1] ?? ''];
  if (page) await pages[page]().catch(() => undefined);
}
