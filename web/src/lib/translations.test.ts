import { frenchSpacingProblems } from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import { languages } from './languages';
import { flattenTranslations as flatten, translationFiles } from './translations';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The plural forms i18next picks in a language for whole numbers, plus "other" (its last resort). */
function pluralForms(language: string): string[] {
  const rules = new Intl.PluralRules(language);
  const forms = new Set(['other']);
  for (let n = 0; n <= 200; n += 1) forms.add(rules.select(n));
  return [...forms].sort();
}

/** The keys a language's file of an area must have: English's, each plural in the language's own forms. */
function expectedKeys(english: Map<string, string>, language: string): string[] {
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (!PLURAL.test(key)) keys.add(key);
    else for (const form of pluralForms(language)) keys.add(`${key.replace(PLURAL, '')}_${form}`);
  }
  return [...keys].sort();
}

const areas = Object.keys(translationFiles).sort();
const cases = areas.flatMap((area) => languages.filter((language) => language !== 'en').map((language) => [area, language] as const));

describe('translation files', () => {
  it('exist for every interface language in every area', () => {
    expect(areas.length).toBeGreaterThan(5);
    for (const area of areas) expect(Object.keys(translationFiles[area]!).sort(), area).toEqual([...languages].sort());
  });

  it('give English exactly the forms "one" and "other" of each plural', () => {
    for (const area of areas) {
      const english = flatten(translationFiles[area]!.en!);
      expect([...english.keys()].sort(), area).toEqual(expectedKeys(english, 'en'));
    }
  });

  it.each(cases)('%s/%s has every key of English and no other, plurals in its own forms', (area, language) => {
    const english = flatten(translationFiles[area]!.en!);
    const own = flatten(translationFiles[area]![language] ?? {});
    const actual = [...own.keys()].sort();
    const expected = expectedKeys(english, language);
    expect({ missing: expected.filter((key) => !own.has(key)), extra: actual.filter((key) => !expected.includes(key)) }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(cases)('%s/%s keeps every {{placeholder}} of English and no empty text', (area, language) => {
    const english = flatten(translationFiles[area]!.en!);
    const own = flatten(translationFiles[area]![language] ?? {});
    // {{name}} and {{name, formatter}} alike.
    const names = (text: string | undefined) =>
      [...new Set([...(text ?? '').matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();
    const problems: string[] = [];
    for (const [key, text] of own) {
      if (text.trim() === '') problems.push(`${key}: empty`);
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
      // A plural form may spell its number out ("Pominięto plik") instead of writing {{count}}.
      const needed = names(source).filter((name) => !(name === 'count' && PLURAL.test(key)));
      const missing = needed.filter((name) => !names(text).includes(name));
      if (missing.length > 0) problems.push(`${key}: lacks ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(areas)('%s/fr puts a no-break space before : ; ! ? » and after « (shared/src/i18n/README.md)', (area) => {
    const french = flatten(translationFiles[area]!.fr!);
    const problems = [...french].flatMap(([key, text]) => frenchSpacingProblems(text).map((problem) => `${key}: ${problem}`));
    expect(french.size).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
