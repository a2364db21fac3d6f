import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

/** The originals this browser keeps for Compare (web/src/lib/keptOriginals.ts), by result id. */
function keptOriginals(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('lightpix-originals');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('originals')) return resolve([]);
          const keys = db.transaction('originals').objectStore('originals').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
        };
      }),
  );
}

async function optimisePhoto(page: Page) {
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

test('at 360 px Compare still opens after a reload, with both images, from the copy this browser kept; Remove clears that copy', async ({
  page,
}) => {
  await registerByApi(page.request, uniqueEmail('compare'));
  await page.goto('/images');
  await optimisePhoto(page);
  const row = page.getByTestId('result-row');
  const resultId = (await row.getByTestId('download-link').getAttribute('href'))!.split('/')[3]!;
  await expect.poll(() => keptOriginals(page)).toEqual([resultId]);

  await page.reload();
  await expect(row).toHaveCount(1);
  const compare = row.getByRole('button', { name: 'Compare photo.jpg before and after' });
  await expect(compare).toBeEnabled();
  await expect(row.getByTestId('compare-unavailable')).toHaveCount(0);
  await compare.click();
  const dialog = page.getByRole('dialog', { name: 'photo.jpg: before and after' });
  await expect(dialog).toBeVisible();
  // Both images are drawn: the original from this browser, the result from the server.
  for (const name of ['Before', 'After']) {
    await expect
      .poll(() =>
        dialog.getByRole('img', { name, exact: true }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(640);
  }
  await expect(dialog).toContainText('640×427');
  expect(await severeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Removing the result removes this browser's copy of its original once the undo time is over.
  await row.getByRole('button', { name: 'Remove photo.jpg' }).click();
  await expect.poll(() => keptOriginals(page), { timeout: 15_000 }).toEqual([]);
});

test("on another device (no copy kept) Compare stays, disabled, and says why, in the visitor's language", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await page.goto('/guest');
  await optimisePhoto(page);
  await expect.poll(async () => (await keptOriginals(page)).length).toBe(1);

  // The same visitor on another device: the same session, no IndexedDB copy.
  const other = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    storageState: { cookies: await page.context().cookies(), origins: [] },
    viewport: { width: 360, height: 740 },
  });
  const phone = await other.newPage();
  await phone.addInitScript(() => window.localStorage.setItem('language', 'it'));
  await phone.goto('/guest');
  const row = phone.getByTestId('result-row');
  await expect(row).toContainText('photo.jpg');
  const compare = row.getByRole('button', { name: 'Confronta photo.jpg prima e dopo' });
  await expect(compare).toBeDisabled();
  await expect(row.getByTestId('compare-unavailable')).toHaveText('Originale non conservato su questo dispositivo.');
  await expect(compare).toHaveAccessibleDescription('Originale non conservato su questo dispositivo.');
  expect(await severeViolations(phone)).toEqual([]);
  await other.close();

  // This device lost its copy (storage cleared or evicted): the same explanation, in English.
  await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('lightpix-originals').onsuccess = resolve)));
  await page.reload();
  await expect(page.getByTestId('result-row').getByTestId('compare-unavailable')).toHaveText('Original not kept on this device.');
  await expect(page.getByTestId('result-row').getByTestId('compare-button')).toBeDisabled();
});
