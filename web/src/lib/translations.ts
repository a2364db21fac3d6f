import type { TranslationTree } from './languages';

export { languages, type Language, type TranslationTree } from './languages';

// Every <area>/<lang>.json under shared/src/i18n, read eagerly: for tests, which compare languages.
// The app loads English up front and another language only when it is shown (lib/i18n.ts).
const files = import.meta.glob<TranslationTree>('../../../shared/src/i18n/*/*.json', { eager: true, import: 'default' });

/** The translation files as { area: { lang: tree } }. */
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

/** Every text of a tree by its dotted key ("upload.hint"): what the key tests compare between languages. */
export function flattenTranslations(tree: TranslationTree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [child, text] of flattenTranslations(value, path)) keys.set(child, text);
  }
  return keys;
}
