/** Every language the whole interface can be shown in; shared/src/site.ts adds Polish for the landing page. */
export const languages = ['en', 'it', 'es', 'de'] as const;
export type Language = (typeof languages)[number];

export type TranslationTree = { [key: string]: string | TranslationTree };

// Vite bundles every <area>/<lang>.json under shared/src/i18n at build time.
const files = import.meta.glob<TranslationTree>('../../../shared/src/i18n/*/*.json', { eager: true, import: 'default' });

/** The translation files as { area: { lang: tree } }, for tests that compare areas language by language. */
export const translationFiles: Record<string, Record<string, TranslationTree>> = {};
for (const [file, tree] of Object.entries(files)) {
  const [area, name] = file.split('/').slice(-2);
  const language = name!.replace(/\.json$/, '');
  (translationFiles[area!] ??= {})[language] = tree;
}

/** One tree per language: all areas' files merged (areas never share a top-level key). */
export function translationsFor(language: string): TranslationTree {
  const merged: TranslationTree = {};
  for (const byLanguage of Object.values(translationFiles)) Object.assign(merged, byLanguage[language] ?? {});
  return merged;
}
