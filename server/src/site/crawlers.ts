import { clientRoutes, landingLanguages, landingPath } from '@lightpix/shared';
import { absoluteUrl, escapeHtml, languageAlternates } from './landing-html.js';

/** Public pages worth indexing besides the landing pages; account and admin screens are left out. */
const publicPages = [
  '/guest',
  '/contact',
  '/our-partners',
  '/developers',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/imprint',
] as const;
// A page listed here must exist in the router, or the sitemap would point at a 404.
publicPages.forEach((page) => {
  if (!(clientRoutes as readonly string[]).includes(page)) throw new Error(`${page} is not a client route`);
});

export function sitemapXml(origin: string): string {
  const loc = (pathname: string) => escapeHtml(absoluteUrl(origin, pathname));
  const alternates = languageAlternates(origin)
    .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`)
    .join('');
  const landing = landingLanguages.map((language) => `<url><loc>${loc(landingPath(language))}</loc>${alternates}</url>`);
  const pages = publicPages.map((page) => `<url><loc>${loc(page)}</loc></url>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    [...landing, ...pages].join('\n') +
    '\n</urlset>\n'
  );
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join(
    '\n',
  );
}
