import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

// The screens issue 26 changed, at 360 px: axe finds nothing serious or critical, nothing scrolls sideways,
// and no picture on them is broken (a blank grey thumbnail was one of the findings).
const here = path.dirname(fileURLToPath(import.meta.url));
const photo = path.join(here, 'fixtures/photo.jpg');
const deck = path.join(here, '../server/test/fixtures/decks/libreoffice5.pptx');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

/** axe, sideways scrolling and broken pictures on the page as it stands. */
async function checkScreen(page: Page) {
  await expect(page.getByTestId('spinner')).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const broken = await page
    .locator('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((image) => image.complete && image.naturalWidth === 0 && image.getAttribute('src'))
        .map((image) => image.getAttribute('src')),
    );
  expect(broken).toEqual([]);
}

async function optimisePhoto(page: Page) {
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-thumbnail')).toBeVisible();
}

async function makePremium(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.50.0.26' } });
  const admin: APIRequestContext = context.request;
  await signInAsAdmin(admin);
  const { users } = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as {
    users: { id: string; email: string }[];
  };
  expect(
    (await admin.patch(`/api/admin/users/${users.find((user) => user.email === email)!.id}`, { data: { tier: 'premium' } })).status(),
  ).toBe(200);
  await context.close();
}

test('the guest screen with a result, and the register form', async ({ page }) => {
  await page.goto('/guest');
  await page.getByRole('button', { name: 'Accept' }).click();
  await optimisePhoto(page);
  await checkScreen(page);
  await page.goto('/auth?mode=register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen(page);
});

test('the workspace with results and history, /powerpoint with a deck, after a reload too', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('axe-premium');
  await registerByApi(page.request, email);
  await makePremium(browser, baseURL!, email);
  await page.goto('/images');
  await page.getByRole('button', { name: 'Accept' }).click();
  await optimisePhoto(page);
  await checkScreen(page);

  await page.goto('/powerpoint');
  await page.getByTestId('deck-input').setInputFiles(deck);
  await expect(page.getByTestId('deck-row').getByTestId('deck-download')).toBeVisible({ timeout: 60_000 });
  await checkScreen(page);
  await page.reload();
  await expect(page.getByTestId('deck-row')).toHaveCount(1);
  await checkScreen(page);

  // Back on /images after a reload: thumbnails come from the results themselves, the deck in the same list with its icon.
  await page.goto('/images');
  await expect(page.getByTestId('result-row')).toHaveCount(2);
  await expect(page.getByTestId('result-row').filter({ hasText: 'libreoffice5.pptx' }).getByTestId('result-deck-icon')).toBeVisible();
  await expect
    .poll(() => page.getByTestId('result-thumbnail').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  await checkScreen(page);
});

test('/account with the deletion question open', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('axe-account'));
  await page.goto('/account');
  await page.getByRole('button', { name: 'Accept' }).click();
  await checkScreen(page);
  await page.getByTestId('delete-password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const question = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription(/This cannot be undone\./);
  await checkScreen(page);
  // Escape keeps the account.
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  expect(await (await page.request.get('/api/auth/user')).json()).not.toBeNull();
});

for (const [language, optimise, refusal] of [
  ['en', 'Optimise', 'logo.svg: not a supported image type'],
  ['it', 'Ottimizza', 'logo.svg: tipo di immagine non supportato'],
] as const) {
  test(`in ${language}, an image the server does not take (SVG) is refused once, at once, with no row promising a result`, async ({
    page,
  }) => {
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await page.goto('/guest');
    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    });
    await expect(page.getByText(refusal, { exact: true })).toHaveCount(1);
    await expect(page.getByTestId('selected-row')).toHaveCount(0);
    await expect(page.getByRole('button', { name: optimise, exact: true })).toBeDisabled();
  });
}
