import { describe, expect, it } from 'vitest';
import { languages, translationsFor, type TranslationTree } from '../../../lib/translations';
import { partnerCategories, partners } from './partners';

/** The text at a dotted key, or undefined. */
function textAt(tree: TranslationTree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('the partners page', () => {
  it('has a translated label for every category and a description for every partner, in every language', () => {
    const keys = [
      ...partnerCategories.map((category) => `partners.category.${category}`),
      ...partners.map((partner) => `partners.items.${partner.id}`),
    ];
    expect(keys.length).toBeGreaterThan(10);
    for (const language of languages) {
      const tree = translationsFor(language);
      expect(
        keys.filter((key) => typeof textAt(tree, key) !== 'string'),
        language,
      ).toEqual([]);
    }
  });
});
