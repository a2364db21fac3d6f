/** Every language the whole interface is shown in; each has its landing page too (shared/src/site.ts). */
export const languages = ['en', 'it', 'es', 'de', 'pl', 'fr'] as const;
export type Language = (typeof languages)[number];

export type TranslationTree = { [key: string]: string | TranslationTree };
