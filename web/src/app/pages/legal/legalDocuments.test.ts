import { frenchSpacingProblems, type Plan, type PlansResponse } from '@lightpix/shared';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from '#components/router';
import { describe, expect, it } from 'vitest';
import { languages, type Language } from '#lib/languages';
import { legalFacts, legalFormat, type LegalFacts } from './legalFacts';
import type { LegalDocument, LegalTexts } from './parts';
import { texts as de } from './texts/de';
import { texts as en } from './texts/en';
import { texts as es } from './texts/es';
import { texts as fr } from './texts/fr';
import { texts as it_ } from './texts/it';
import { texts as pl } from './texts/pl';

const all: Record<Language, LegalTexts> = { it: it_, en, es, de, pl, fr };

const plan = (overrides: Partial<Plan> & Pick<Plan, 'tier'>): Plan => ({
  maxImages: 1,
  window: 'rolling-24h',
  filesPerSelection: 1,
  maxImageBytes: 10 * 1024 * 1024,
  maxPresentationBytes: 50 * 1024 * 1024,
  outputFormats: ['jpeg', 'png', 'webp'],
  powerpoint: false,
  history: false,
  ads: 'yes',
  priceEurCents: 0,
  ...overrides,
});

/** A configuration unlike the defaults, so a hard-coded number would show. */
const configured: PlansResponse = {
  retentionHours: 6,
  retention: { contactMessagesDays: 91, auditDays: 92, usageDays: 93 },
  paymentsAvailable: true,
  operator: { name: null, address: null, email: null, companyNumber: null, supervisoryAuthority: null },
  plans: [
    plan({ tier: 'guest', maxImages: 3 }),
    plan({ tier: 'registered', maxImages: 25, window: 'calendar-month', ads: 'fewer' }),
    plan({ tier: 'premium', maxImages: 500, window: 'calendar-month', filesPerSelection: 40, priceEurCents: 350, ads: 'none' }),
  ],
};

function render(document: LegalDocument, facts: LegalFacts, language: Language): string {
  return renderToStaticMarkup(createElement(StaticRouter, { url: '/' }, document.body(facts, legalFormat(language)))).replace(
    /\u00a0/g,
    ' ',
  );
}

/** Each language's words for the configured figures: the guest's, registered's and premium's allowance, the retention. */
const figures: Record<Language, string[]> = {
  it: [
    '3 immagini ogni 24 ore',
    '25 immagini al mese di calendario',
    '500 immagini al mese di calendario',
    'fino a 40 file per volta',
    '6 ore',
  ],
  en: ['3 images every 24 hours', '25 images per calendar month', '500 images per calendar month', 'up to 40 files at a time', '6 hours'],
  es: ['3 imágenes cada 24 horas', '25 imágenes por mes natural', '500 imágenes por mes natural', 'hasta 40 archivos cada vez', '6 horas'],
  de: [
    '3 Bilder alle 24 Stunden',
    '25 Bilder pro Kalendermonat',
    '500 Bilder pro Kalendermonat',
    'bis zu 40 Dateien auf einmal',
    '6 Stunden',
  ],
  pl: [
    '3 obrazy co 24 godziny',
    '25 obrazów w miesiącu kalendarzowym',
    '500 obrazów w miesiącu kalendarzowym',
    'do 40 plików naraz',
    '6 godzin',
  ],
  fr: [
    '3 images toutes les 24 heures',
    '25 images par mois civil',
    '500 images par mois civil',
    'jusqu’à 40 fichiers à la fois',
    '6 heures',
  ],
};

describe('legal documents', () => {
  const facts = legalFacts(configured)!;

  it.each(languages)('%s: quote the retention and the plan table the server sends, not fixed numbers', (language) => {
    const terms = render(all[language].terms, facts, language);
    for (const figure of figures[language]) expect(terms).toContain(figure);
    expect(terms).toMatch(/3[,.]50\s?€|€\s?3[,.]50/);
    expect(render(all[language].privacy, facts, language)).toContain(figures[language].at(-1));
  });

  it.each(languages)('%s: the privacy policy quotes the retention settings the server sends (docs/decisions/0198)', (language) => {
    const privacy = render(all[language].privacy, facts, language);
    for (const days of [91, 92, 93]) expect(privacy).toContain(legalFormat(language).days(days));
    expect(legalFormat(language).days(1)).not.toBe(legalFormat(language).days(2).replace('2', '1'));
  });

  it.each(languages)(
    '%s: the privacy policy offers the data export on /account, kept as long as the server keeps it (docs/decisions/0250)',
    (language) => {
      const privacy = render(all[language].privacy, facts, language);
      expect(privacy).toMatch(new RegExp(`data-testid="fact-retention-export"[^>]*>${legalFormat(language).hours(6)}<`));
      expect(privacy).toContain('href="/account"');
      expect(privacy).toContain('(JSON)');
    },
  );

  it('say "unlimited" in each language when premium has no cap', () => {
    const unlimited = legalFacts({
      ...configured,
      plans: configured.plans.map((p) => (p.tier === 'premium' ? { ...p, maxImages: null } : p)),
    })!;
    expect(render(it_.terms, unlimited, 'it')).toContain('immagini illimitate');
    expect(render(pl.terms, unlimited, 'pl')).toContain('nieograniczona liczba obrazów');
    expect(legalFormat('it').allowance(plan({ tier: 'guest', maxImages: 1 }))).toBe('1 immagine ogni 24 ore');
    expect(legalFormat('pl').hours(1)).toBe('1 godzina');
    expect(legalFormat('fr').hours(1)).toBe('1 heure');
  });

  it('keep the same sections in every translation as in the Italian reference', () => {
    const headings = (language: Language, name: 'terms' | 'privacy' | 'cookies') =>
      [...render(all[language][name], facts, language).matchAll(/<h[23][^>]*>(\d+|[a-g]\))/g)].map((m) => m[1]);
    for (const language of languages) {
      for (const name of ['terms', 'privacy', 'cookies'] as const)
        expect(headings(language, name), `${language} ${name}`).toEqual(headings('it', name));
    }
  });

  it('never claim that images are not stored, nor promise priority support or a reply time', () => {
    const forbidden = /mai (memorizzat|conservat|salvat)|never (stored|kept)|prioritari|priority|entro 24 ore|within 24 hours/i;
    for (const language of languages) {
      for (const document of [all[language].terms, all[language].privacy, all[language].cookies])
        expect(render(document, facts, language)).not.toMatch(forbidden);
    }
  });

  it('write the revision date as each language does', () => {
    expect(legalFormat('it').date('2026-11-21')).toBe('21 novembre 2026');
    expect(legalFormat('en').date('2026-11-21')).toBe('21 November 2026');
    expect(legalFormat('de').date('2026-11-21')).toBe('21. November 2026');
    expect(legalFormat('pl').date('2026-11-21')).toBe('21 listopada 2026');
  });

  it('French: a no-break space before : ; ! ? » and after « in every document (shared/src/i18n/README.md)', () => {
    const text = (document: LegalDocument) =>
      renderToStaticMarkup(createElement(StaticRouter, { url: '/' }, document.body(facts, legalFormat('fr'))))
        .replace(/<[^>]*>/g, ' ')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&');
    const problems = [fr.terms, fr.privacy, fr.cookies, fr.imprint]
      .flatMap((document) => [document.title, text(document)])
      .flatMap(frenchSpacingProblems);
    expect(problems.concat(frenchSpacingProblems(fr.revised))).toEqual([]);
  });

  describe('the operator (docs/decisions/0247)', () => {
    const operator = {
      name: 'Nebbia Pixel S.r.l.',
      address: 'Via dei Mille 12, 40121 Bologna, Italia',
      email: 'legal@nebbia.example',
      companyNumber: 'IT01234567890',
      supervisoryAuthority: 'Garante per la protezione dei dati personali, www.garanteprivacy.it',
    };
    const filled = legalFacts({ ...configured, operator })!;
    const missing: Record<Language, string> = {
      en: 'not filled in yet by the operator',
      it: 'non ancora indicato dal gestore',
      es: 'aún no indicado por el operador',
      de: 'vom Betreiber noch nicht angegeben',
      pl: 'operator jeszcze tego nie uzupełnił',
      fr: 'pas encore renseigné par l’exploitant',
    };

    it.each(languages)('%s: privacy, terms, cookies and the imprint name the operator the settings give', (language) => {
      for (const name of ['privacy', 'terms', 'cookies', 'imprint'] as const) {
        const text = render(all[language][name], filled, language).replace(/&#x27;/g, "'");
        for (const value of [operator.name, operator.address, operator.email, operator.companyNumber]) expect(text, name).toContain(value);
        expect(text, name).not.toContain(missing[language]);
      }
      for (const name of ['privacy', 'imprint'] as const)
        expect(render(all[language][name], filled, language), name).toContain(operator.supervisoryAuthority);
    });

    it.each(languages)('%s: without the settings every page says the operator has not filled them in, naming nobody', (language) => {
      for (const name of ['privacy', 'terms', 'cookies', 'imprint'] as const) {
        const text = render(all[language][name], facts, language)
          .replace(/&#x27;/g, "'")
          .replace(/&#x2019;/g, '’');
        // Name, address, e-mail and number (and the authority on the imprint), each marked as not filled in.
        expect(text.split(missing[language]).length - 1, name).toBe(name === 'imprint' ? 5 : 4);
        expect(text, name).not.toMatch(/Garante|garanteprivacy|S\.r\.l\.|GmbH|Ltd/);
      }
    });
  });

  it('need every tier in the plan table', () => {
    expect(legalFacts({ ...configured, plans: configured.plans.slice(0, 2) })).toBeNull();
  });
});
