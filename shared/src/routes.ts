import { apiPaths } from './api-paths.js';

/** Where every upgrade button leads a signed-in user. */
export const SUBSCRIBE_PATH = '/subscribe';
/** "Sign up free" and "Create a free account": the auth page opened on its register form. */
export const SIGN_UP_PATH = '/auth?mode=register';
/** Where an upgrade leads a signed-out visitor: sign in, then the subscribe page. */
export const SIGN_IN_TO_SUBSCRIBE = `/auth?redirect=${SUBSCRIBE_PATH}`;
/** API keys and the developer API's documentation. */
export const DEVELOPERS_PATH = '/developers';
/** The signed-in user's plan, billing, password and account deletion. */
export const ACCOUNT_PATH = '/account';
/** The page a password reset link opens; the token travels in the fragment, so it never reaches a server log (docs/decisions/0059). */
export const RESET_PASSWORD_PATH = '/reset-password';
/** The page a confirmation link opens; the token travels in the fragment, as a reset link's does (docs/decisions/0189). */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
/** A signed-out Upgrade: through the server's sign-in (apiPaths.loginPage), which comes back to the subscribe page. */
export const LOGIN_TO_SUBSCRIBE = `${apiPaths.loginPage}?redirect=${encodeURIComponent(SUBSCRIBE_PATH)}`;
/** Signed out at /account: sign in, then back. */
export const SIGN_IN_TO_ACCOUNT = `/auth?redirect=${ACCOUNT_PATH}`;

/** The page that asks "Sign out?" with a button that posts: where a GET of apiPaths.logout leads. */
export const SIGN_OUT_PAGE = '/sign-out';

/** Paths the web app renders; the server answers other non-API paths with its 404 page and status. */
export const clientRoutes = [
  '/',
  '/it',
  '/de',
  '/es',
  '/pl',
  '/fr',
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
  '/imprint',
  SUBSCRIBE_PATH,
  ACCOUNT_PATH,
  RESET_PASSWORD_PATH,
  CONFIRM_EMAIL_PATH,
  DEVELOPERS_PATH,
  SIGN_OUT_PAGE,
] as const;

/** A page's route: the path without trailing slashes (`/it/` is `/it`), `/` for the root. */
export function routeOf(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** How long a mailed confirmation link works (an e-mail address, or the admin role; docs/decisions/0189). */
export const CONFIRMATION_LINK_LIFETIME_HOURS = 24;
