import { landingLanguages, landingPath } from '@lightpix/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homePathFor } from './homePath';
import { homeLanguage, languages } from './i18n';

// The landing page's first script decides where / belongs without i18next (boot.ts); the app decides it with homeLanguage().
const landingPaths = new Map(landingLanguages.map((language) => [language, landingPath(language)]));
const storedChoices = [null, 'en', 'it', 'pl', 'xx', ...landingLanguages];
const browserLanguages = [undefined, 'en-US', 'it-IT', 'de', 'es-ES', 'pl-PL', 'fr-FR', 'pt-BR', ...landingLanguages];

function visit(stored: string | null, browserLanguage: string | undefined) {
  const storage = new Map(stored === null ? [] : [['language', stored]]);
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null, setItem: () => {} });
  vi.stubGlobal('navigator', { language: browserLanguage });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the landing page a visitor at / belongs on', () => {
  it('is the same whether the first script or the app decides it', () => {
    let redirected = 0;
    for (const stored of storedChoices) {
      for (const browserLanguage of browserLanguages) {
        visit(stored, browserLanguage);
        const expected = landingPath(homeLanguage());
        expect(homePathFor(stored, browserLanguage, landingPaths, languages), `${stored} / ${browserLanguage}`).toBe(expected);
        if (expected !== '/') redirected += 1;
      }
    }
    // Both "stay" and "go" were compared.
    expect(redirected).toBeGreaterThan(10);
  });
});
