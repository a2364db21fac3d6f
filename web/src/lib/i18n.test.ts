import { errorStatus, quotaWindowSchema, resultStatusSchema, tiers } from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import { partnerCategories, partners } from '../app/pages/partners/partners';
import { detectLanguage } from './i18n';
import { translationFiles, translationsFor, type TranslationTree as Tree } from './translations';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [child, text] of flatten(value, path)) keys.set(child, text);
  }
  return keys;
}

const english = flatten(translationsFor('en'));
const others = { it: flatten(translationsFor('it')), es: flatten(translationsFor('es')), de: flatten(translationsFor('de')) };

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
  it('has en, it, es and de in every area, and any Polish file matches its English one', () => {
    expect(Object.keys(translationFiles).length).toBeGreaterThan(0);
    for (const [area, byLanguage] of Object.entries(translationFiles)) {
      expect(Object.keys(byLanguage).filter((l) => l !== 'pl').sort(), area).toEqual(['de', 'en', 'es', 'it']);
      if (byLanguage.pl) expect([...flatten(byLanguage.pl).keys()].sort(), `${area}/pl`).toEqual([...flatten(byLanguage.en!).keys()].sort());
    }
  });

  it('never has two areas with the same top-level key', () => {
    const owners = new Map<string, string>();
    for (const [area, byLanguage] of Object.entries(translationFiles)) {
      for (const key of Object.keys(byLanguage.en ?? {})) {
        expect(owners.get(key), `${key} in ${area}`).toBeUndefined();
        owners.set(key, area);
      }
    }
  });

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
      ...['login', 'register'].flatMap((mode) => [`auth.tab.${mode}`, `auth.title.${mode}`, `auth.subtitle.${mode}`, `auth.submit.${mode}`]),
      ...['username', 'email', 'password', 'firstName', 'lastName'].map((field) => `auth.field.${field}`),
      ...['formats', 'metadata', 'history'].flatMap((item) => [`images.blurbs.${item}.title`, `images.blurbs.${item}.body`]),
      ...['totalUsers', 'registeredUsers', 'premiumUsers', 'totalImages'].map((card) => `admin.stats.${card}`),
      ...['registered', 'premium'].map((tier) => `admin.tier.${tier}`),
      ...['product', 'support', 'legal'].map((column) => `footer.columns.${column}`),
      ...['features', 'pricing', 'helpCenter', 'contact', 'faq', 'privacy', 'terms', 'cookies', 'partners'].map((link) => `footer.links.${link}`),
      ...['accepted', 'rejected'].map((choice) => `consent.current.${choice}`),
      ...partnerCategories.map((category) => `partners.category.${category}`),
      ...partners.map((partner) => `partners.items.${partner.id}`),
    ];
    expect(dynamic.filter((key) => !hasKey(key))).toEqual([]);
  });

  it('keeps the Italian texts SPEC gives verbatim', () => {
    const italian = others.it;
    expect(italian.get('common.loading')).toBe('Caricamento...');
    expect(italian.get('images.title')).toBe('Ottimizza Immagini');
    expect(italian.get('auth.loginFailed')).toBe('Errore di accesso');
    expect(italian.get('auth.registerFailed')).toBe('Errore di registrazione');
    expect(italian.get('auth.loginSuccess')).toBe('Accesso effettuato!');
    expect(italian.get('auth.registerSuccess')).toBe('Registrazione completata!');
    expect(italian.get('admin.loading')).toBe('Caricamento pannello admin...');
    expect(italian.get('admin.title')).toBe('Pannello Admin');
    expect(italian.get('admin.toast.updated')).toBe('Utente aggiornato');
    expect(italian.get('admin.toast.activated')).toBe('Utente attivato con successo');
    expect(italian.get('admin.toast.deactivated')).toBe('Utente disattivato con successo');
    expect(italian.get('admin.toast.error')).toBe('Errore');
    expect(italian.get('admin.toast.errorBody')).toBe("Impossibile aggiornare l'utente");
    expect(italian.get('admin.users.active')).toBe('Attivo');
    expect(italian.get('admin.users.inactive')).toBe('Disattivato');
    expect(italian.get('admin.users.activate')).toBe('Attiva');
    expect(italian.get('admin.users.deactivate')).toBe('Disattiva');
    expect(italian.get('admin.tier.registered')).toBe('Gratis');
    expect(italian.get('admin.tier.premium')).toBe('Premium');
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
