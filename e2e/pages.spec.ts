import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

interface PlansBody {
  retentionHours: number;
  retention: { contactMessagesDays: number; auditDays: number; usageDays: number };
  plans: { tier: string; maxImages: number | null; window: string; priceEurCents: number }[];
}

test('the partners page lists ten partners in the five categories, opening each in a new tab', async ({ page }) => {
  await page.goto('/our-partners');
  await expect(page).toHaveTitle('Our Partners · Lightpix');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Partners' })).toBeVisible();
  const cards = page.getByTestId('partner-card');
  await expect(cards).toHaveCount(10);
  const categories = new Set(await page.getByTestId('partner-category').allInnerTexts());
  expect([...categories].sort()).toEqual(['Audio Tools', 'Education', 'Gaming', 'PDF Tools', 'Web Tools']);

  const links = page.getByRole('link', { name: /^Visit Website/ });
  await expect(links).toHaveCount(10);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
  }
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});

test('the partners page follows the interface language', async ({ page }) => {
  await page.goto('/our-partners');
  await page.getByRole('combobox', { name: /language/i }).selectOption('it');
  await expect(page.getByRole('heading', { level: 1, name: 'I nostri partner' })).toBeVisible();
  await expect(page.getByTestId('partner-category').first()).toHaveText('Giochi');
});

async function factText(page: Page, name: string) {
  return (await page.getByTestId(`fact-${name}`).first().innerText()).replace(/\s/g, ' ');
}

const documents = [
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    italian: 'Termini e condizioni del servizio',
    revised: ['28 November 2026', '28 novembre 2026'],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    italian: 'Informativa sulla privacy',
    revised: ['28 November 2026', '28 novembre 2026'],
  },
  { path: '/cookie-policy', title: 'Cookie Policy', italian: 'Cookie policy', revised: ['28 November 2026', '28 novembre 2026'] },
];

for (const document of documents) {
  test(`${document.path} is in the interface language, dated, says the Italian text prevails, and leads home`, async ({ page }) => {
    const response = await page.goto(document.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: document.title })).toBeVisible();
    await expect(page).toHaveTitle(`${document.title} · Lightpix`);
    await expect(page.getByTestId('legal-revised')).toHaveText(`Last updated: ${document.revised[0]}`);
    await expect(page.getByRole('article')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('This is a translation of the Italian text, which prevails in case of doubt.')).toBeVisible();
    await page.getByRole('button', { name: 'Read the Italian text' }).click();
    await expect(page.getByRole('heading', { level: 1, name: document.italian })).toBeVisible();
    await expect(page.getByTestId('legal-revised')).toHaveText(`Ultimo aggiornamento: ${document.revised[1]}`);
    await page.getByRole('link', { name: 'Torna alla Home' }).click();
    await expect(page).toHaveURL('/');
  });
}

test('the terms and the privacy policy quote the limits, price and retention that /api/plans states', async ({ page }) => {
  const body = (await (await page.request.get('/api/plans')).json()) as PlansBody;
  const plan = (tier: string) => body.plans.find((candidate) => candidate.tier === tier)!;
  const images = (count: number) => `${count} ${count === 1 ? 'immagine' : 'immagini'}`;
  const hours = `${body.retentionHours} ${body.retentionHours === 1 ? 'ora' : 'ore'}`;

  // The Italian reference text.
  await page.addInitScript(() => localStorage.setItem('language', 'it'));
  await page.goto('/terms-of-service');
  expect(await factText(page, 'allowance-guest')).toBe(`${images(plan('guest').maxImages!)} ogni 24 ore`);
  expect(await factText(page, 'allowance-registered')).toBe(`${images(plan('registered').maxImages!)} al mese di calendario`);
  const premium = plan('premium');
  expect(await factText(page, 'allowance-premium')).toBe(
    premium.maxImages === null ? 'immagini illimitate' : `${images(premium.maxImages)} al mese di calendario`,
  );
  expect(await factText(page, 'price')).toBe(`${(premium.priceEurCents / 100).toFixed(2).replace('.', ',')} €`);
  expect(await factText(page, 'retention')).toBe(hours);

  await page.goto('/privacy-policy');
  expect(await factText(page, 'retention')).toBe(hours);
  // The retention settings as the server states them (docs/decisions/0198).
  expect(await factText(page, 'retention-contact')).toBe(`${body.retention.contactMessagesDays} giorni`);
  expect(await factText(page, 'retention-audit')).toBe(`${body.retention.auditDays} giorni`);
  expect(await factText(page, 'retention-usage')).toBe(`${body.retention.usageDays} giorni`);
  await expect(page.getByRole('article')).toContainText('10 anni');
  await expect(page.getByRole('article')).toContainText('al massimo 90 giorni');
  await expect(page.getByRole('article')).toContainText('minori di 16 anni');
});

test('an unknown path answers 404 with Page Not Found and a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});

test('the footer has the Product, Support, Resources and Legal columns with their links', async ({ page }) => {
  await page.goto('/our-partners');
  const footer = page.getByRole('contentinfo');
  const expected: Record<string, [string, string][]> = {
    Product: [
      ['Features', '/#features'],
      ['Pricing', '/#pricing'],
    ],
    Support: [
      ['Help Centre', '/contact'],
      ['Contact', '/contact'],
      ['FAQ', '/#faq'],
    ],
    Resources: [
      ['Our partners', '/our-partners'],
      ['Developer API', '/developers'],
    ],
    Legal: [
      ['Privacy Policy (GDPR)', '/privacy-policy'],
      ['Terms & Conditions', '/terms-of-service'],
      ['Cookie Policy', '/cookie-policy'],
      ['Imprint', '/imprint'],
    ],
  };
  for (const [column, links] of Object.entries(expected)) {
    const nav = footer.getByRole('navigation', { name: column });
    await expect(nav.getByRole('link')).toHaveCount(links.length);
    for (const [name, href] of links) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
