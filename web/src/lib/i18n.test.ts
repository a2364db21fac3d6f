import {
  contactFields,
  contactProblems,
  errorStatus,
  landingLanguages,
  quotaWindowSchema,
  resultStatusSchema,
  tiers,
} from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { detectLanguage, i18nOptions } from './i18n';
import { flattenTranslations as flatten, translationFiles, translationsFor } from './translations';

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
  it('never has two areas with the same top-level key', () => {
    const owners = new Map<string, string>();
    for (const [area, byLanguage] of Object.entries(translationFiles)) {
      for (const key of Object.keys(byLanguage.en ?? {})) {
        expect(owners.get(key), `${key} in ${area}`).toBeUndefined();
        owners.set(key, area);
      }
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
      ...['login', 'register'].flatMap((mode) => [
        `auth.tab.${mode}`,
        `auth.title.${mode}`,
        `auth.subtitle.${mode}`,
        `auth.submit.${mode}`,
      ]),
      ...['username', 'email', 'password', 'firstName', 'lastName'].map((field) => `auth.field.${field}`),
      ...['formats', 'metadata', 'history'].flatMap((item) => [`images.blurbs.${item}.title`, `images.blurbs.${item}.body`]),
      ...['totalUsers', 'freeAccounts', 'premiumUsers', 'totalImages'].map((card) => `admin.stats.${card}`),
      ...['registered', 'premium'].map((tier) => `admin.tier.${tier}`),
      ...['compress', 'resize', 'convert', 'private', 'metadata', 'devices'].flatMap((f) => [
        `landing.features.${f}.title`,
        `landing.features.${f}.body`,
      ]),
      ...['upload', 'adjust', 'download'].flatMap((step) => [`landing.steps.${step}.title`, `landing.steps.${step}.body`]),
      ...tiers.flatMap((tier) => [`landing.pricing.${tier}.title`, `landing.pricing.${tier}.cta`]),
      ...['yes', 'fewer', 'none'].map((ads) => `landing.pricing.ads.${ads}`),
      ...['quality', 'retention', 'formats', 'limits', 'cancel'].flatMap((item) => [`landing.faq.${item}.q`, `landing.faq.${item}.a`]),
      ...contactFields.map((field) => `contact.form.${field}`),
      ...Object.keys(contactProblems).map((problem) => `contact.problem.${problem}`),
      ...['emailed', 'failed', 'stored'].map((status) => `contact.admin.status.${status}`),
      ...['product', 'support', 'legal'].map((column) => `footer.columns.${column}`),
      ...['features', 'pricing', 'helpCenter', 'contact', 'faq', 'privacy', 'terms', 'cookies', 'partners'].map(
        (link) => `footer.links.${link}`,
      ),
      ...['accepted', 'rejected'].map((choice) => `consent.current.${choice}`),
    ];
    expect(dynamic.filter((key) => !hasKey(key))).toEqual([]);
  });

  it('keeps the specified Italian texts verbatim', () => {
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

  it('keeps the specified contact texts: the English form texts and the landing error in four languages', () => {
    expect(english.get('contact.sent.title')).toBe('Message Sent!');
    expect(english.get('contact.sent.body')).toBe('Thank you for contacting us.');
    expect(english.get('contact.sent.again')).toBe('Send Another Message');
    for (const [key, text] of Object.entries(contactProblems)) {
      expect(english.get(`contact.problem.${key}`)?.replace('{{min}}', '10'), key).toBe(text);
    }
    expect(english.get('contact.landing.errorTitle')).toBe('Error');
    expect(english.get('contact.landing.errorBody')).toBe('Failed to send message. Please try again.');
    expect([others.it, others.es, others.de].map((keys) => keys.get('contact.landing.errorTitle'))).toEqual(['Errore', 'Error', 'Fehler']);
    expect([others.it, others.es, others.de].map((keys) => keys.get('contact.landing.errorBody'))).toEqual([
      'Invio del messaggio non riuscito. Riprova.',
      'No se pudo enviar el mensaje. Inténtalo de nuevo.',
      'Nachricht konnte nicht gesendet werden. Bitte versuche es erneut.',
    ]);
  });

  it("keeps the 404 title exactly 'Page Not Found' in English", () => {
    expect(english.get('notFound.title')).toBe('Page Not Found');
  });
});

describe('the i18next set-up', () => {
  const translator = async (language: string) => {
    const instance = createInstance();
    await instance.init(
      i18nOptions(language, Object.fromEntries(landingLanguages.map((code) => [code, { translation: translationsFor(code) }]))),
    );
    return instance.t;
  };

  it('shows an unknown key as the key itself', async () => {
    const t = await translator('it');
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it("picks plural forms by each language's rules", async () => {
    const pl = await translator('pl');
    expect(pl('plans.window.calendar-month', { count: 1 })).toBe('1 obraz miesięcznie');
    expect(pl('plans.window.calendar-month', { count: 3 })).toBe('3 obrazy miesięcznie');
    expect(pl('plans.window.calendar-month', { count: 10 })).toBe('10 obrazów miesięcznie');
    const it_ = await translator('it');
    expect(it_('plans.window.calendar-month', { count: 1 })).toBe('1 immagine al mese');
    expect(it_('plans.window.calendar-month', { count: 10 })).toBe('10 immagini al mese');
  });

  it('has the whole interface in Polish and French, not only the landing page', async () => {
    const pl = await translator('pl');
    const fr = await translator('fr');
    expect(pl('header.login')).toBe('Zaloguj się');
    expect(pl('auth.title.login')).toBe('Witaj ponownie');
    expect(fr('auth.title.login')).toBe('Bon retour parmi nous');
    expect(fr('plans.window.calendar-month', { count: 1 })).toBe('1 image par mois');
    expect(fr('plans.window.calendar-month', { count: 0 })).toBe('0 image par mois');
    expect(fr('plans.window.calendar-month', { count: 10 })).toBe('10 images par mois');
  });
});

describe('detectLanguage', () => {
  it('prefers a valid stored choice, then the browser language, then English', () => {
    expect(detectLanguage('de', 'it-IT')).toBe('de');
    expect(detectLanguage('pt', 'it-IT')).toBe('it');
    expect(detectLanguage(null, 'es')).toBe('es');
    expect(detectLanguage(null, 'pt-BR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
  });

  it('keeps a stored Polish or French choice', () => {
    expect(detectLanguage('pl', 'de-DE')).toBe('pl');
    expect(detectLanguage(null, 'fr-CA')).toBe('fr');
  });
});
