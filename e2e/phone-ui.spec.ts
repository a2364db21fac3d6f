import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { resultsMadeBefore, signedInPremium } from './made-before.js';
import { password, registerByApi, uniqueEmail } from './people.js';

const phone = { width: 360, height: 740 };
const languages = ['en', 'it', 'es', 'de', 'pl', 'fr'] as const;

async function inLanguage(page: Page, language: string) {
  await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
}

const overlap = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;

test('at 360×740 the cookie notice takes at most a fifth of the screen in every language, and a toast shows above it', async ({ page }) => {
  await page.setViewportSize(phone);
  for (const language of languages) {
    await inLanguage(page, language);
    await page.goto('/guest');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    console.log(
      `cookie notice at 360x740 in ${language}: ${Math.round(box.height)} px (${((box.height / phone.height) * 100).toFixed(1)} %)`,
    );
    expect(box.height, language).toBeLessThanOrEqual(0.2 * phone.height);
    // Its buttons stay whole and in view.
    for (const button of await banner.getByRole('button').all()) await expect(button).toBeInViewport({ ratio: 1 });
  }
  // A file the page refuses brings a toast while the notice is open: the toast sits above it, never under or over it.
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  const toast = page.locator('.toast-root');
  await expect(toast).toBeVisible();
  const [toastBox, bannerBox] = [(await toast.boundingBox())!, (await page.getByTestId('consent-banner').boundingBox())!];
  expect(overlap(toastBox, bannerBox)).toBe(false);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bannerBox.y);
  await expect(toast).toBeInViewport({ ratio: 1 });
  expect(await severeViolations(page)).toEqual([]);
});

const longName = 'a-very-long-holiday-photo-name-from-the-beach-at-sunset-0012.jpg';

test('at 360 px a premium user with 45 results pages through one list with one Show more, on cards at most 200 px tall', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  await signedInPremium(page, browser, baseURL!, 'onelist');
  await resultsMadeBefore(page.request, 44);
  const long = await page.request.post('/api/images/process', {
    multipart: {
      image: {
        name: longName,
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa6633' } })
          .jpeg()
          .toBuffer(),
      },
      quality: '75',
      format: '',
      width: '',
      height: '',
      maintainRatio: 'true',
    },
  });
  expect(long.status()).toBe(201);

  await page.goto('/images');
  await page.getByRole('button', { name: 'Reject' }).click();
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(20);
  const showMore = page.getByRole('button', { name: 'Show more' });
  await expect(showMore).toHaveCount(1);
  await expect(page.getByTestId('history')).toHaveCount(0);

  // Phone-sized cards: each at most 200 px tall, 20 of them within 6 screens, nothing wider than the screen.
  const heights = await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
  console.log(`result cards at 360 px: ${Math.round(Math.min(...heights))}–${Math.round(Math.max(...heights))} px`);
  expect(Math.max(...heights)).toBeLessThanOrEqual(200);
  const span = await rows.evaluateAll((items) => items.at(-1)!.getBoundingClientRect().bottom - items[0]!.getBoundingClientRect().top);
  console.log(`20 result cards at 360x740: ${Math.round(span)} px, ${(span / phone.height).toFixed(2)} screens`);
  expect(span).toBeLessThanOrEqual(6 * phone.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // The long name is cut in its middle: its start and its end with the extension show, the whole name is its title.
  const card = rows.filter({ has: page.locator(`[title="${longName}"]`) });
  const name = card.getByTestId('result-name');
  await expect(name).toHaveAttribute('title', longName);
  await expect(name.locator('.sr-only')).toHaveText(longName);
  const parts = await name.evaluate((element) =>
    [...element.querySelectorAll('[aria-hidden="true"]')].map((child) => ({
      text: child.textContent,
      cut: child.scrollWidth > child.clientWidth,
    })),
  );
  expect(parts[0]!.cut).toBe(true);
  expect(parts[1]).toEqual({ text: 't-0012.jpg', cut: false });
  // Sizes never split from their units: each size and the saving stay on one line.
  for (const chunk of await card.getByTestId('result-sizes').locator('span').all()) {
    expect(await chunk.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(24);
  }
  await expect(card.getByTestId('result-sizes')).toContainText(/\d\skB → \d+(\.\d)?\skB/);
  await expect(card.getByRole('link', { name: `Download ${longName}` })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);

  // One "Show more" pages to the end: 20, 40, 45, then it is gone.
  await showMore.click();
  await expect(rows).toHaveCount(40);
  await expect(showMore).toHaveCount(1);
  await showMore.click();
  await expect(rows).toHaveCount(45);
  await expect(showMore).toHaveCount(0);
  const names = await rows.getByTestId('result-name').evaluateAll((items) => items.map((item) => item.getAttribute('title')));
  expect(new Set(names).size).toBe(45);
  expect(await severeViolations(page)).toEqual([]);
});

test('at 360 px /account says what is left and when it renews, deletion speaks to a free account, and the notice after it is in view', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(phone);
  await registerByApi(page.request, uniqueEmail('usage'));
  await page.goto('/account');
  await page.getByRole('button', { name: 'Reject' }).click();
  const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
  const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(nextMonth);
  await expect(page.getByTestId('account-usage')).toHaveText(`10 of 10 images left this month, renews on ${day}`);
  // A free account has no subscription to cancel: the page does not speak of one.
  await expect(page.getByTestId('delete-body')).toHaveText('Deletes your account, your results, your history and your sessions.');
  expect(await severeViolations(page)).toEqual([]);

  await page.getByTestId('delete-password').fill(password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const question = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await expect(question).toContainText('Your account, results, history and sessions are deleted. This cannot be undone.');
  await expect(question).not.toContainText('subscription');
  await question.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('account-deleted-notice')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Premium: unlimited, said as such.
  const premiumPage = await (
    await browser.newContext({ baseURL, viewport: phone, extraHTTPHeaders: { 'X-Forwarded-For': '10.54.0.9' } })
  ).newPage();
  await signedInPremium(premiumPage, browser, baseURL!, 'usage-premium');
  await premiumPage.goto('/account');
  await expect(premiumPage.getByTestId('account-usage')).toHaveText('Unlimited images');
  await premiumPage.context().close();
});

test('at 360 px in Italian, a bad e-mail, a short password and empty names get the app’s own messages under the fields, never the browser’s bubble', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await inLanguage(page, 'it');
  await page.goto('/auth?mode=register');
  await page.locator('input[name="email"]').fill('not-an-email');
  await page.locator('input[name="password"]').fill('corta');
  // The browser's own check would hold the form back; the page sends it and writes what the server names.
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/register') && request.method() === 'POST');
  await page.getByTestId('auth-submit').click();
  await sent;
  await expect(page.getByTestId('field-error-email')).toHaveText('Inserisci un indirizzo e-mail valido.');
  await expect(page.getByTestId('field-error-password')).toHaveText('Usa almeno 8 caratteri.');
  await expect(page.getByTestId('field-error-firstName')).toHaveText('Compila questo campo.');
  await expect(page.getByTestId('field-error-lastName')).toHaveText('Compila questo campo.');
  // The one optional field says so; the others are required.
  await expect(page.locator('label[for]').filter({ hasText: 'Nome utente' })).toContainText('(facoltativo)');
  expect(await severeViolations(page)).toEqual([]);
});
