/** Paths the web app renders; the server answers other non-API paths with its 404 page and status. */
export const clientRoutes = [
  '/',
  '/it',
  '/de',
  '/es',
  '/pl',
  '/guest',
  '/images',
  '/auth',
  '/admin',
  '/powerpoint',
  '/contact',
  '/our-partners',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/subscribe',
  '/account',
] as const;

/** Where every upgrade button leads a signed-in user. */
export const SUBSCRIBE_PATH = '/subscribe';
/** Where an upgrade leads a signed-out visitor: sign in, then the subscribe page. */
export const SIGN_IN_TO_SUBSCRIBE = `/auth?redirect=${SUBSCRIBE_PATH}`;
/** The signed-in user's plan, billing, password and account deletion. */
export const ACCOUNT_PATH = '/account';

/** A page's route: the path without trailing slashes (`/it/` is `/it`), `/` for the root. */
export function routeOf(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}
