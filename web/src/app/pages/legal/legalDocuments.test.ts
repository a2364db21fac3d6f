import type { Plan, PlansResponse } from '@lightpix/shared';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cookiePolicy } from './cookiePolicy';
import { italianAllowance, italianDate, legalFacts, type LegalFacts } from './legalFacts';
import type { LegalDocument } from './LegalDocumentPage';
import { privacyPolicy } from './privacyPolicy';
import { termsOfService } from './termsOfService';

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
  paymentsAvailable: true,
  plans: [
    plan({ tier: 'guest', maxImages: 3 }),
    plan({ tier: 'registered', maxImages: 25, window: 'calendar-month', ads: 'fewer' }),
    plan({ tier: 'premium', maxImages: 500, window: 'calendar-month', filesPerSelection: 40, priceEurCents: 350, ads: 'none' }),
  ],
};

function render(document: LegalDocument, facts: LegalFacts): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, document.body(facts)));
}

describe('legal documents', () => {
  const facts = legalFacts(configured)!;

  it('quote the retention and the plan table the server sends, not fixed numbers', () => {
    const terms = render(termsOfService, facts);
    expect(terms).toContain('3 immagini ogni 24 ore');
    expect(terms).toContain('25 immagini al mese di calendario');
    expect(terms).toContain('500 immagini al mese di calendario');
    expect(terms).toContain('fino a 40 file per volta');
    expect(terms).toMatch(/3,50\s€/);
    expect(terms).toContain('6 ore');
    expect(render(privacyPolicy, facts)).toContain('6 ore');
  });

  it('say "illimitate" when premium has no cap', () => {
    const unlimited = { ...configured, plans: configured.plans.map((p) => (p.tier === 'premium' ? { ...p, maxImages: null } : p)) };
    expect(render(termsOfService, legalFacts(unlimited)!)).toContain('immagini illimitate');
    expect(italianAllowance(plan({ tier: 'guest', maxImages: 1 }))).toBe('1 immagine ogni 24 ore');
  });

  it('never claim that images are not stored', () => {
    for (const document of [termsOfService, privacyPolicy, cookiePolicy]) {
      expect(render(document, facts)).not.toMatch(/mai (memorizzat|conservat|salvat)/i);
    }
  });

  it('promise no support the service does not give (no priority queue, no reply time)', () => {
    for (const document of [termsOfService, privacyPolicy, cookiePolicy]) {
      expect(render(document, facts)).not.toMatch(/prioritari|entro 24 ore/i);
    }
  });

  it('carry a real revision date, written in Italian', () => {
    for (const document of [termsOfService, privacyPolicy, cookiePolicy]) expect(document.revised).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(italianDate('2026-11-21')).toBe('21 novembre 2026');
  });

  it('need every tier in the plan table', () => {
    expect(legalFacts({ retentionHours: 24, paymentsAvailable: true, plans: configured.plans.slice(0, 2) })).toBeNull();
  });
});
