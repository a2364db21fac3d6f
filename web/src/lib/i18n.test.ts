import { errorStatus, quotaWindowSchema, resultStatusSchema, tiers } from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import en from '../../../shared/src/i18n/en.json';
import it_ from '../../../shared/src/i18n/it.json';
import es from '../../../shared/src/i18n/es.json';
import de from '../../../shared/src/i18n/de.json';
import { detectLanguage } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [child, text] of flatten(value, path)) keys.set(child, text);
  }
  return keys;
}

const english = flatten(en);
const others = { it: flatten(it_), es: flatten(es), de: flatten(de) };

/** A key used as t('x', { count }) resolves through x_one / x_other. */
function hasKey(key: string): boolean {
  return english.has(key) || english.has(`${key}_other`);
}

// Every source file of the web app, read as text by Vite's glob import (no file-system access).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translations', () => {
  it.each(Object.entries(others))('%s has exactly the keys of en', (_language, keys) => {
    expect([...keys.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(Object.entries(others))('%s keeps every {{placeholder}} of en', (_language, keys) => {
    const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of english) {
      // Plural forms may drop {{count}} where the language spells the number out.
      const expected = placeholders(text).filter((name) => !(name === 'count' && /_(one|other)$/.test(key)));
      expect(placeholders(keys.get(key)), key).toEqual(expect.arrayContaining(expected));
    }
  });

  it('has no empty texts', () => {
    for (const keys of [english, ...Object.values(others)]) {
      for (const [key, text] of keys) expect(text.trim(), key).not.toBe('');
    }
  });

  it("has every key the source uses in t('…')", () => {
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const [file, text] of files) {
      for (const match of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) {
        const key = match[1] ?? '';
        if (!hasKey(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the keys built at run time', () => {
    const dynamic = [
      ...Object.keys(errorStatus).map((code) => `errors.${code}`),
      'errors.network_error',
      'errors.unknown',
      ...resultStatusSchema.options.map((status) => `results.status.${status}`),
      ...tiers.map((tier) => `status.badge.${tier}`),
      'upload.skipped.type',
      'upload.skipped.size',
      'upload.skipped.count',
      ...quotaWindowSchema.options.map((window) => `plans.window.${window}`),
      ...['private', 'smaller', 'deleted'].flatMap((item) => [`highlights.${item}.title`, `highlights.${item}.body`]),
    ];
    expect(dynamic.filter((key) => !hasKey(key))).toEqual([]);
  });

  it("keeps the 404 title exactly 'Page Not Found' in English", () => {
    expect(english.get('notFound.title')).toBe('Page Not Found');
  });
});

describe('detectLanguage', () => {
  it('prefers a valid stored choice, then the browser language, then English', () => {
    expect(detectLanguage('de', 'it-IT')).toBe('de');
    expect(detectLanguage('fr', 'it-IT')).toBe('it');
    expect(detectLanguage(null, 'es')).toBe('es');
    expect(detectLanguage(null, 'pt-BR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
  });
});
