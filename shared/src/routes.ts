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
] as const;

/** A page's route: the path without trailing slashes (`/it/` is `/it`), `/` for the root. */
export function routeOf(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}
