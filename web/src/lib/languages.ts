/** Every language the whole interface can be shown in; shared/src/site.ts adds Polish for the landing page. */
export const languages = ['en', 'it', 'es', 'de'] as const;
export type Language = (typeof languages)[number];

export type TranslationTree = { [key: string]: string | TranslationTree };
