import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { landingTexts, type LandingLanguage } from '@lightpix/shared';
import { expect, test } from './fixtures.js';

const i18nDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../shared/src/i18n');
type Tree = { [key: string]: string | Tree };
function text(area: string, language: string, key: string): string {
  const tree = JSON.parse(readFileSync(path.join(i18nDir, area, `${language}.json`), 'utf8')) as Tree;
  const value = key.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`${area}/${language}: no ${key}`);
  return value;
}

const languages = ['en', 'it', 'es', 'de', 'pl', 'fr'] as const satisfies readonly LandingLanguage[];

/** The legal texts' titles (web/src/app/pages/legal/texts/<language>.tsx). */
const legalTitles: Record<(typeof languages)[number], [string, string, string]> = {
  en: ['Terms of Service', 'Privacy Policy', 'Cookie Policy'],
  it: ['Termini e condizioni del servizio', 'Informativa sulla privacy', 'Cookie policy'],
  es: ['Términos y condiciones del servicio', 'Política de privacidad', 'Política de cookies'],
  de: ['Allgemeine Geschäftsbedingungen', 'Datenschutzerklärung', 'Cookie-Richtlinie'],
  pl: ['Regulamin usługi', 'Polityka prywatności', 'Polityka cookies'],
  fr: ['Conditions générales d’utilisation', 'Politique de confidentialité', 'Politique relative aux cookies'],
};

for (const language of languages) {
  test(`in ${language}, the sign-in, guest, contact, developers and legal pages are all in ${language}`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    const pages: [string, string][] = [
      ['/auth', text('app', language, 'auth.title.login')],
      ['/guest', text('app', language, 'guest.title')],
      ['/contact', text('contact', language, 'contact.title')],
      ['/developers', text('developers', language, 'developers.title')],
      ['/terms-of-service', legalTitles[language][0]],
      ['/privacy-policy', legalTitles[language][1]],
      ['/cookie-policy', legalTitles[language][2]],
    ];
    for (const [pathname, title] of pages) {
      await page.goto(pathname);
      await expect(page.getByRole('heading', { level: 1 }), pathname).toHaveText(title);
      await expect(page.locator('html'), pathname).toHaveAttribute('lang', language);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: text('shell', language, 'footer.links.cookies') }),
      ).toBeVisible();
      // At 360 px nothing runs off the side of the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), pathname).toBeLessThanOrEqual(360);
    }
    // A translated legal text says the Italian one prevails and shows it on request; the Italian has no such line.
    const reference = page.getByTestId('legal-reference');
    if (language === 'it') {
      await expect(page.getByTestId('legal-revised')).toHaveText('Ultimo aggiornamento: 28 novembre 2026');
      await expect(reference).toHaveCount(0);
    } else {
      await expect(reference).toContainText(text('pages', language, 'legal.reference'));
      await reference.getByRole('button', { name: text('pages', language, 'legal.showReference') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legalTitles.it[2]);
      await expect(page.getByRole('article')).toHaveAttribute('lang', 'it');
      await reference.getByRole('button', { name: text('pages', language, 'legal.showTranslation') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legalTitles[language][2]);
      await expect(page.getByRole('article')).toHaveAttribute('lang', language);
    }
  });
}

test('from /pl, Login leads to a Polish sign-in page that stays Polish on reload', async ({ page }) => {
  await page.goto('/pl');
  await page
    .getByRole('banner')
    .getByRole('link', { name: text('shell', 'pl', 'header.login') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Witaj ponownie');
  await expect(page.getByTestId('auth-submit')).toHaveText('Zaloguj się');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Witaj ponownie');
});

test("/fr's served HTML carries its French head before any script runs", async ({ request, baseURL }) => {
  const response = await request.get('/fr');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const { meta, hero } = landingTexts.fr.landing;
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
  expect(html).toMatch(/<html lang="fr">/);
  expect(html).toContain(`<title>${escape(meta.title)}</title>`);
  expect(html).toContain(`<meta name="description" content="${escape(meta.description)}" />`);
  expect(html).toContain(`<meta name="keywords" content="${escape(meta.keywords)}" />`);
  expect(html).toContain(`<link rel="canonical" href="${new URL('/fr', baseURL).toString()}" />`);
  expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
  expect(html).toContain(escape(hero.title));
  const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
  expect(data).toMatchObject({ inLanguage: 'fr', description: meta.description });
  // Every landing page names /fr among its alternates, and the sitemap lists it.
  for (const other of ['/', '/it', '/pl']) {
    expect(await (await request.get(other)).text(), other).toContain(`hreflang="fr" href="${new URL('/fr', baseURL).toString()}"`);
  }
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${new URL('/fr', baseURL).toString()}</loc>`);
});
