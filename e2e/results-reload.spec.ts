import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { registerByApi, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

test('a guest reloads and still sees the result with its download link and expiry; Remove can be undone, then deletes it on the server', async ({
  page,
}) => {
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeVisible({ timeout: 30_000 });

  await page.reload();
  const row = page.getByTestId('result-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('photo.jpg');
  await expect(row).toContainText('Download until');
  const href = await row.getByTestId('download-link').getAttribute('href');
  expect((await page.request.get(href!)).status()).toBe(200);
  await expect(page.getByTestId('remaining-images')).toHaveText('0 of 1 image left (renews every 24 hours)');

  await row.getByRole('button', { name: 'Remove photo.jpg' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(1);

  await page.getByTestId('result-row').getByRole('button', { name: 'Remove photo.jpg' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(0);
  // After the undo time the result is deleted on the server: the download is gone and a reload lists nothing.
  await expect.poll(async () => (await page.request.get(href!)).status(), { timeout: 15_000 }).toBe(404);
  await page.reload();
  await expect(page.getByTestId('remaining-images')).toHaveText('0 of 1 image left (renews every 24 hours)');
  await expect(page.getByTestId('result-row')).toHaveCount(0);
});

test("a signed-in user reloads /images and still sees this visit's result", async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('reload'));
  await page.goto('/images');
  await expect(page.getByTestId('remaining-images')).toHaveText(/10 of 10 images left/, { timeout: 15_000 });
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('result-row')).toHaveCount(1);
  await expect(page.getByTestId('result-row')).toContainText('photo.jpg');
});
