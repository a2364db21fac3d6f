import en from './i18n/landing/en.json' with { type: 'json' };
import it from './i18n/landing/it.json' with { type: 'json' };
import de from './i18n/landing/de.json' with { type: 'json' };
import es from './i18n/landing/es.json' with { type: 'json' };
import pl from './i18n/landing/pl.json' with { type: 'json' };
import fr from './i18n/landing/fr.json' with { type: 'json' };
import { routeOf } from './routes.js';

/**
 * Languages with a landing page; the first is served at / and is the x-default. The same order as the
 * interface's languages (web/src/lib/languages.ts): every language menu lists them alike.
 */
export const landingLanguages = ['en', 'it', 'es', 'de', 'pl', 'fr'] as const;
export type LandingLanguage = (typeof landingLanguages)[number];

export function landingPath(language: LandingLanguage): string {
  return language === 'en' ? '/' : `/${language}`;
}

/** The landing language a path belongs to, or null for any other page. */
export function landingLanguageOf(pathname: string): LandingLanguage | null {
  const route = routeOf(pathname);
  return landingLanguages.find((language) => landingPath(language) === route) ?? null;
}

/** Each landing page's own texts, for the served HTML (the browser gets the same files through i18next). */
export const landingTexts = { en, it, de, es, pl, fr } satisfies Record<LandingLanguage, unknown>;

/**
 * Below these counts a figure says "new and empty" more than "trusted": the landing page leaves it
 * out rather than show "0 images processed" (docs/decisions/0058).
 */
export const LANDING_FIGURE_MINIMUMS = { imagesProcessed: 1000, users: 100 } as const;
