import { landingLanguages, type Plan } from '@lightpix/shared';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions, languages } from './i18n';
import { imagesLeftText } from './planText';
import { flattenTranslations, translationsFor } from './translations';

async function translator(language: string): Promise<TFunction> {
  const instance = createInstance();
  await instance.init(
    i18nOptions(language, Object.fromEntries(landingLanguages.map((code) => [code, { translation: translationsFor(code) }]))),
  );
  return instance.t;
}

const month: Plan['window'] = 'calendar-month';
const day: Plan['window'] = 'rolling-24h';

describe('images left: each number picks its own plural forms', () => {
  it.each([
    ['en', [0, 1, month], '0 of 1 image left this month'],
    ['en', [4, 10, month], '4 of 10 images left this month'],
    ['en', [1, 1, day], '1 of 1 image left (renews every 24 hours)'],
    ['pl', [0, 1, month], 'Pozostało 0 z 1 obrazu w tym miesiącu'],
    ['pl', [1, 10, month], 'Pozostał 1 z 10 obrazów w tym miesiącu'],
    ['pl', [3, 10, month], 'Pozostały 3 z 10 obrazów w tym miesiącu'],
    ['pl', [5, 10, month], 'Pozostało 5 z 10 obrazów w tym miesiącu'],
    ['pl', [1, 1, day], 'Pozostał 1 z 1 obrazu (odnawia się co 24 godziny)'],
    ['it', [0, 1, month], 'Ti restano 0 immagini su 1 questo mese'],
    ['it', [1, 10, month], 'Ti resta 1 immagine su 10 questo mese'],
    ['es', [0, 1, day], 'Te quedan 0 imágenes de 1 (se renueva cada 24 horas)'],
    ['es', [1, 10, month], 'Te queda 1 imagen de 10 este mes'],
    ['de', [0, 1, month], '0 von 1 Bild diesen Monat übrig'],
    ['de', [4, 10, month], '4 von 10 Bildern diesen Monat übrig'],
    ['fr', [0, 1, month], 'Images restantes ce mois-ci\u00a0: 0 sur 1'],
    ['fr', [4, 10, day], 'Images restantes\u00a0: 4 sur 10 (renouvelé toutes les 24 heures)'],
  ] as const)('%s %j → %s', async (language, [left, allowance, window], expected) => {
    expect(imagesLeftText(await translator(language), window, left, allowance)).toBe(expected);
  });
});

// The legal texts and the e-mails are written in code: read as text beside the translations.
const legalTexts = import.meta.glob<string>('../app/pages/legal/texts/*.tsx', { query: '?raw', import: 'default', eager: true });

/** Apostrophes between letters (l'image, l’image, don't), straight and curly, in a language's every translation and legal text. */
function apostrophes(language: string) {
  const texts = [...flattenTranslations(translationsFor(language)).values(), legalTexts[`../app/pages/legal/texts/${language}.tsx`] ?? ''];
  const count = (pattern: RegExp) => texts.reduce((sum, text) => sum + (text.match(pattern)?.length ?? 0), 0);
  return { straight: count(/\p{L}'\p{L}/gu), curly: count(/\p{L}\u2019\p{L}/gu) };
}

describe('one apostrophe a language', () => {
  it('French writes the curly one everywhere', () => {
    const french = apostrophes('fr');
    expect(french.curly).toBeGreaterThan(100);
    expect(french.straight).toBe(0);
  });

  it.each(['en', 'it'])('%s writes the straight one everywhere', (language) => {
    const counts = apostrophes(language);
    expect(counts.straight).toBeGreaterThan(0);
    expect(counts.curly).toBe(0);
  });

  it.each(['es', 'de', 'pl'])('%s uses one kind at most', (language) => {
    const { straight, curly } = apostrophes(language);
    expect(Math.min(straight, curly)).toBe(0);
  });
});

describe('the language menu', () => {
  it('lists the languages in one order on the landing pages and in the app', () => {
    expect([...landingLanguages]).toEqual([...languages]);
  });
});
