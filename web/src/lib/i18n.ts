import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { landingLanguageOf, landingLanguages, type LandingLanguage } from '@lightpix/shared';
import { languages, translationsFor, type Language } from './translations';

export { languages, type Language } from './translations';

export const languageNames: Record<LandingLanguage, string> = {
  en: 'English',
  it: 'Italiano',
  es: 'Español',
  de: 'Deutsch',
  pl: 'Polski',
};

/** SPEC §3: the chosen language is kept in browser storage under this key. */
const STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** SPEC §4: the stored choice if valid, else the browser's primary language if supported, else en. */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  const primary = browserLanguage?.split('-')[0]?.toLowerCase();
  return isLanguage(primary) ? primary : 'en';
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The interface language this visitor chose, or their browser's, or English (SPEC §4). */
export function preferredLanguage(): Language {
  return detectLanguage(readStoredLanguage(), navigator.language);
}

/** Switches the interface language and remembers the user's choice. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be blocked (private mode); the choice then lasts for this page only.
  }
  void i18n.changeLanguage(language);
}

/** i18next's settings: every language's merged translations, English where a key is missing. */
export function i18nOptions(language: string): InitOptions {
  return {
    resources: Object.fromEntries(landingLanguages.map((code) => [code, { translation: translationsFor(code) }])),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...landingLanguages],
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}

export function initI18n(): typeof i18n {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  // A landing page's address decides its language (docs/decisions/0010).
  void i18n.use(initReactI18next).init(i18nOptions(landingLanguageOf(location.pathname) ?? preferredLanguage()));
  return i18n;
}
