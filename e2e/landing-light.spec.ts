import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');
/** The landing pages' budget of JavaScript before the visitor interacts (docs/decisions/0125). */
const BUDGET_BYTES = 100 * 1024;

/** Every script the page fetches, with its size gzipped as a server would send it. */
function recordScripts(page: Page) {
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), gzip: gzipSync(await response.body(), { level: 9 }).length });
  });
  return scripts;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

for (const address of ['/', '/it']) {
  test(`${address} shows the whole page with at most 100 KiB of JavaScript until the visitor interacts; the first touch starts the app`, async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(address, { waitUntil: 'networkidle' });
    // The server sent the page itself: pricing from the plan table and the upload area, ready for a guest.
    await expect(page.getByTestId('plan-premium')).toBeVisible();
    await expect(page.getByTestId('remaining-images')).toBeVisible();
    await expect(page.getByTestId('upload-input')).toBeEnabled();
    await page.waitForTimeout(1000);
    const before = scripts.reduce((sum, script) => sum + script.gzip, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(before).toBeLessThanOrEqual(BUDGET_BYTES);
    // The consent question belongs to the app: it asks once the app runs.
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);

    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    const after = scripts.reduce((sum, script) => sum + script.gzip, 0);
    expect(after).toBeGreaterThan(before + BUDGET_BYTES / 2);
  });
}

test('a file chosen before the app has started is taken and optimised', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const upload = page.locator('#upload');
  await upload.getByTestId('upload-input').setInputFiles(photo);
  await expect(upload.getByText('photo.jpg').first()).toBeVisible();
  await upload.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(upload.getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  await expect(upload.getByTestId('remaining-images')).toHaveText('0 of 1 image left (renews every 24 hours)');
  // The app took over the server's page as it was (a mismatch would be reported as an error).
  expect(problems).toEqual([]);
});

test('a language chosen before the app has started moves to its page', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page).toHaveURL('/es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
