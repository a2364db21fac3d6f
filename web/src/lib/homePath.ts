/**
 * The landing page a visitor at / belongs on, as homeLanguage() in i18n.ts decides it (a test holds
 * the two together), from what the page itself lists: its hreflang alternates. Free of i18next, so
 * the landing page's first script stays small (docs/decisions/0125).
 */
export function homePathFor(
  stored: string | null,
  browserLanguage: string | undefined,
  landingPaths: ReadonlyMap<string, string>,
  interfaceLanguages: readonly string[],
): string {
  if (stored && landingPaths.has(stored)) return landingPaths.get(stored)!;
  const primary = browserLanguage?.split('-')[0]?.toLowerCase();
  if (primary && interfaceLanguages.includes(primary)) return landingPaths.get(primary) ?? '/';
  return '/';
}
