import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { landingPath, type LandingLanguage } from '@lightpix/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { password, uniqueEmail } from './people.js';

const i18nDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../shared/src/i18n');
type Tree = { [key: string]: string | Tree };
/** A text as the app shows it in `language`. */
function text(area: string, language: string, key: string): string {
  const file = path.join(i18nDir, area, `${language}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const value = key.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`${area}/${language}: no ${key}`);
  return value;
}

const sizes = [
  { name: '1280 px', width: 1280, height: 900 },
  { name: '360 px', width: 360, height: 800 },
];

async function headerLinks(page: Page, narrow: boolean) {
  if (narrow) await page.locator('[aria-controls="mobile-menu"]').click();
  return narrow ? page.locator('#mobile-menu') : page.getByRole('banner');
}

for (const size of sizes) {
  for (const language of ['it', 'es', 'de', 'pl', 'fr'] as const satisfies readonly LandingLanguage[]) {
    test(`at ${size.name} a visitor on /${language} stays in ${language} through sign-in and the app`, async ({ page }) => {
      const narrow = size.width < 640;
      const appLanguage = language;
      await page.setViewportSize(size);
      await page.goto(landingPath(language));
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // Every way home leads to this language's landing page.
      const home = landingPath(language);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: text('shell', language, 'footer.links.faq'), exact: true })).toHaveAttribute(
        'href',
        `${home}#faq`,
      );
      await expect(footer.getByRole('link', { name: text('shell', language, 'footer.links.pricing'), exact: true })).toHaveAttribute(
        'href',
        `${home}#pricing`,
      );
      await expect(page.getByRole('banner').getByRole('link', { name: 'Lightpix' })).toHaveAttribute('href', home);
      const header = await headerLinks(page, narrow);
      await expect(header.getByRole('link', { name: text('shell', language, 'header.features') })).toHaveAttribute(
        'href',
        `${home}#features`,
      );

      // The header's Register link: the sign-in page is in the visitor's language, and stays so on reload.
      await header.getByRole('link', { name: text('shell', language, 'header.register') }).click();
      await expect(page).toHaveURL(/\/auth/);
      const registerTitle = text('app', appLanguage, 'auth.title.register');
      await expect(page.getByRole('heading', { level: 1, name: registerTitle })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: registerTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', appLanguage);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: text('shell', appLanguage, 'footer.links.faq'), exact: true }),
      ).toHaveAttribute('href', `${home}#faq`);

      await page.locator('input[name="firstName"]').fill('Lucia');
      await page.locator('input[name="lastName"]').fill('Rossi');
      await page.locator('input[name="email"]').fill(uniqueEmail(`lang-${language}`));
      await page.locator('input[name="password"]').fill(password);
      await page.getByTestId('auth-submit').click();

      // The app after sign-in, and after a reload, speaks the same language; the choice is kept.
      await expect(page).toHaveURL('/');
      const appTitle = text('app', appLanguage, 'images.title');
      await expect(page.getByRole('heading', { level: 1, name: appTitle })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: appTitle })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(language);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: text('shell', appLanguage, 'footer.links.faq'), exact: true }),
      ).toHaveAttribute('href', `${home}#faq`);

      // Back on a landing page, the menu offers every language, Polish and French included.
      await page.goto(home);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('banner').getByRole('combobox').locator('option[value="pl"]')).toHaveText('Polski');
      await expect(page.getByRole('banner').getByRole('combobox').locator('option[value="fr"]')).toHaveText('Français');
    });
  }
}
