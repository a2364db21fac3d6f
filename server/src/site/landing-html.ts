import { landingLanguages, landingPath, landingTexts, type LandingLanguage } from '@lightpix/shared';

/** Open Graph wants a territory; these are the markets each landing page is written for. */
const ogLocale: Record<LandingLanguage, string> = { en: 'en_GB', it: 'it_IT', de: 'de_DE', es: 'es_ES', pl: 'pl_PL', fr: 'fr_FR' };

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char]!);
}

/** JSON inside a script element: "<" escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function absoluteUrl(origin: string, pathname: string): string {
  return new URL(pathname, origin).toString();
}

/** The landing pages and x-default (English at /), as hreflang alternates of one another. */
export function languageAlternates(origin: string): { hreflang: string; href: string }[] {
  return [
    ...landingLanguages.map((language) => ({ hreflang: language, href: absoluteUrl(origin, landingPath(language)) })),
    { hreflang: 'x-default', href: absoluteUrl(origin, '/') },
  ];
}

/** The structured data search engines read: the app and its paid plan (price from the plan table). */
export function landingJsonLd(language: LandingLanguage, origin: string, premiumPriceEurCents: number) {
  const { meta } = landingTexts[language].landing;
  const price = (premiumPriceEurCents / 100).toFixed(2);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: 'Lightpix',
    url: absoluteUrl(origin, landingPath(language)),
    description: meta.description,
    inLanguage: language,
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript',
    offers: [
      { '@type': 'Offer', name: 'Free', price: '0.00', priceCurrency: 'EUR' },
      {
        '@type': 'Offer',
        name: 'Premium',
        price,
        priceCurrency: 'EUR',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: 'EUR',
          billingDuration: 'P1M',
          unitCode: 'MON',
        },
      },
    ],
  };
}

/** Everything a landing page's <head> needs before any JavaScript runs. */
export function landingHead(language: LandingLanguage, origin: string, premiumPriceEurCents: number): string {
  const { meta } = landingTexts[language].landing;
  const url = absoluteUrl(origin, landingPath(language));
  const alternates = languageAlternates(origin).map(
    ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
  );
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="keywords" content="${escapeHtml(meta.keywords)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...alternates,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Lightpix" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${ogLocale[language]}" />`,
    ...landingLanguages
      .filter((other) => other !== language)
      .map((other) => `<meta property="og:locale:alternate" content="${ogLocale[other]}" />`),
    `<meta name="twitter:card" content="summary" />`,
    `<script type="application/ld+json">${scriptJson(landingJsonLd(language, origin, premiumPriceEurCents))}</script>`,
  ];
  return tags.join('\n    ');
}

/** A plain summary of the page for crawlers and for the moment before the app starts; React replaces it. */
export function landingSummary(language: LandingLanguage): string {
  const { hero, features } = landingTexts[language].landing;
  const items = (['compress', 'resize', 'convert', 'private', 'metadata', 'devices'] as const)
    .map((key) => `<li>${escapeHtml(features[key].title)}</li>`)
    .join('');
  return (
    `<main><h1>${escapeHtml(hero.title)}</h1><p>${escapeHtml(hero.subtitle)}</p>` +
    `<h2>${escapeHtml(features.heading)}</h2><ul>${items}</ul></main>`
  );
}

/** The id of the element carrying the answers a page was rendered with (web/src/lib/serverAnswers.ts). */
const SERVER_ANSWERS_ID = 'server-answers';

/**
 * A built page (index.html, or landing.html with the server's render) turned into one landing page:
 * language, head tags, and in #root the rendered page and its answers, or else a summary for crawlers
 * that React replaces.
 */
export function renderLandingPage(
  template: string,
  language: LandingLanguage,
  origin: string,
  premiumPriceEurCents: number,
  root?: { markup: string; answers: Record<string, unknown> },
): string {
  // The page's <title> is in the head already; React's render emits its own first.
  const body = root
    ? `<div id="root">${root.markup.replace(/^<title>[^<]*<\/title>/, '')}</div><script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson(root.answers)}</script>`
    : `<div id="root">${landingSummary(language)}</div>`;
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${landingHead(language, origin, premiumPriceEurCents)}\n  </head>`)
    .replace('<div id="root"></div>', () => body);
}
