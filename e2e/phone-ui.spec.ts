import type { Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

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
