import i18n, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { landingLanguageOf, landingLanguages, type LandingLanguage } from '@lightpix/shared';
import { languages, type Language, type TranslationTree } from './languages';

export { languages, type Language } from './languages';

// English is bundled (it is also every language's fallback); the others load when first shown.
const englishFiles = import.meta.glob<TranslationTree>('../../../shared/src/i18n/*/en.json', { eager: true, import: 'default' });
const otherFiles = import.meta.glob<TranslationTree>(['../../../shared/src/i18n/*/*.json', '!../../../shared/src/i18n/*/en.json'], {
  import: 'default',
});

/** A language's areas merged into one tree (areas never share a top-level key). */
async function loadTree(language: string): Promise<TranslationTree> {
  if (language === 'en') return Object.assign({}, ...Object.values(englishFiles));
  const parts = Object.entries(otherFiles).filter(([file]) => file.endsWith(`/${language}.json`));
  return Object.assign({}, ...(await Promise.all(parts.map(([, load]) => load()))));
}

/** Switches the interface language, loading its texts first if this page has not shown it yet. */
export async function switchLanguage(language: string): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', await loadTree(language));
  await i18n.changeLanguage(language);
}

export const languageNames: Record<LandingLanguage, string> = {
  en: 'English',
  it: 'Italiano',
  es: 'Español',
  de: 'Deutsch',
  pl: 'Polski',
  fr: 'Français',
};

/** The chosen language is kept in browser storage under this key. */
const STORAGE_KEY = 'language';

function isLandingLanguage(value: unknown): value is LandingLanguage {
  return typeof value === 'string' && (landingLanguages as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The stored choice if valid, else the browser's primary language if supported, else en. */
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

/** The language this visitor chose or last read a landing page in, if any. */
export function storedLanguage(): LandingLanguage | null {
  const stored = readStoredLanguage();
  return isLandingLanguage(stored) ? stored : null;
}

/** The interface language this visitor chose, or their browser's, or English (docs/decisions/0057). */
export function preferredLanguage(): Language {
  return detectLanguage(readStoredLanguage(), navigator.language);
}

/** The landing page this visitor belongs to: the stored choice, else the interface language. */
export function homeLanguage(): LandingLanguage {
  return storedLanguage() ?? preferredLanguage();
}

/** Keeps a language for the next pages and visits; a landing page's address counts as a choice. */
export function rememberLanguage(language: LandingLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be blocked (private mode); the choice then lasts for this page only.
  }
}

/** Switches the interface language and remembers the user's choice. */
export function chooseLanguage(language: Language): void {
  rememberLanguage(language);
  void switchLanguage(language);
}

/** i18next's settings over the given texts, English where a key is missing. */
export function i18nOptions(language: string, resources: Resource): InitOptions {
  return {
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...landingLanguages],
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}

/** Starts i18next with English and the page's language loaded, before the app first renders. */
export async function initI18n(): Promise<void> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  // A landing page's address decides its language (docs/decisions/0010); / may be the signed-in
  // optimiser, so there the stored choice decides, and a signed-out English visitor gets English anyway.
  const landing = landingLanguageOf(location.pathname);
  const language = landing && landing !== 'en' ? landing : preferredLanguage();
  const resources: Resource = { en: { translation: await loadTree('en') } };
  if (language !== 'en') resources[language] = { translation: await loadTree(language) };
  await i18n.use(initReactI18next).init(i18nOptions(language, resources));
}
