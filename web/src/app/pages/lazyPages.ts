import { lazy, type ComponentType } from 'react';

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

/** Page modules already here (loaded by loadPageOf or an earlier render), by page. */
const loaded = new Map<keyof typeof pages, unknown>();

/**
 * A page's lazy component. When its code is already here it answers at once, with a thenable that calls
 * back synchronously, which React's lazy reads without suspending: the first render is then the page
 * itself, not the spinner first and the page in a second render and commit after React's reveal
 * throttle (docs/decisions/0284).
 */
function lazyPage<P extends object>(name: keyof typeof pages, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => {
    const module = loaded.get(name) as { default: ComponentType<P> } | undefined;
    if (!module) return load().then((page) => (loaded.set(name, page), page));
    const answered = { then: (resolve: (value: typeof module) => void) => (resolve(module), answered) };
    return answered as unknown as Promise<typeof module>;
  });
}

export const AdminPage = lazyPage('admin', pages.admin);
export const AuthPage = lazyPage('auth', pages.auth);
export const ContactPage = lazyPage('contact', pages.contact);
export const GuestPage = lazyPage('guest', pages.guest);
export const ImagesPage = lazyPage('images', pages.images);
export const LegalPage = lazyPage('legal', pages.legal);
export const PartnersPage = lazyPage('partners', pages.partners);
export const PowerPointPage = lazyPage('powerpoint', pages.powerpoint);
export const SubscribePage = lazyPage('subscribe', pages.subscribe);
export const AccountPage = lazyPage('account', pages.account);
export const ResetPasswordPage = lazyPage('resetPassword', pages.resetPassword);
export const ConfirmEmailPage = lazyPage('confirmEmail', pages.confirmEmail);
export const DevelopersPage = lazyPage('developers', pages.developers);

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
  if (!page) return;
  const module = await pages[page]().catch(() => undefined);
  if (module) loaded.set(page, module);
}
