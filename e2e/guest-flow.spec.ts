import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test } from './fixtures.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

test('a guest optimises a real photo, downloads a smaller valid file, then has 0 images left', async ({ page }) => {
  await page.goto('/guest');
  await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');
  const uploadArea = page.getByTestId('upload-area');
  await expect(uploadArea).not.toHaveAttribute('aria-disabled', 'true');

  await page.getByTestId('upload-input').setInputFiles(photo);
  await expect(page.getByText('photo.jpg').first()).toBeVisible();
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();

  const row = page.getByTestId('result-row').first();
  const link = row.getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('photo.jpg');
  const saved = await download.path();
  const [original, result] = await Promise.all([stat(photo), readFile(saved)]);
  expect(result.length).toBeGreaterThan(0);
  expect(result.length).toBeLessThan(original.size);
  expect(await sharp(result).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 427 });

  await expect(page.getByTestId('remaining-images')).toHaveText('0 of 1 image left (renews every 24 hours)');
  await expect(uploadArea).toContainText('Image limit reached');
  await expect(page.getByTestId('upload-input')).toBeDisabled();
  // The offer's links stay usable for everyone: the area is not marked disabled around them.
  await expect(uploadArea.getByTestId('offer-sign-up')).toBeEnabled();
});

test('the server refuses a second image even if the page is bypassed', async ({ page, request }) => {
  await page.goto('/guest');
  const form = { image: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await readFile(photo) }, quality: '75' };
  // An address of its own, away from the fixture's range, so a rerun in the same server starts afresh.
  const headers = { 'X-Forwarded-For': `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
  expect((await request.post('/api/images/process', { multipart: form, headers })).status()).toBe(201);
  const second = await request.post('/api/images/process', { multipart: form, headers });
  expect(second.status()).toBe(429);
  expect((await second.json()).error.code).toBe('quota_exceeded');
});

test('the chosen language survives a reload', async ({ page }) => {
  await page.goto('/guest');
  await page.getByRole('combobox', { name: /language/i }).selectOption('it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { name: 'Accesso Ospite' })).toBeVisible();
});

test('a guest asks for a target size: an unreachable one is explained and costs nothing, a reachable one is met', async ({ page }) => {
  await page.goto('/guest');
  // The upload input stays disabled until the session and plan have loaded.
  await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByText('More options').click();
  const target = page.getByLabel('Target size (kB)');
  await target.fill('1');
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByText('This image cannot be made that small with these settings').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');

  await page.getByTestId('upload-input').setInputFiles(photo);
  await target.fill('20');
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  const link = page.getByTestId('result-row').getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const result = await readFile(await download.path());
  expect(result.length).toBeLessThanOrEqual(20 * 1024);
  expect(await sharp(result).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 427 });
});

test('a size the server would refuse is marked before anything is sent, by the schema that loads with the first change', async ({
  page,
}) => {
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  const width = page.getByLabel('Width (px)');
  const optimise = page.getByRole('button', { name: 'Optimise', exact: true });
  await expect(width).not.toHaveAttribute('aria-invalid', 'true');
  await width.fill('10001');
  // The shared schema judges it (docs/decisions/0283): it loads on this first change, not with the page.
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(optimise).toBeDisabled();
  await width.fill('800');
  await expect(width).not.toHaveAttribute('aria-invalid', 'true');
  await expect(optimise).toBeEnabled();
});

test('a guest who chooses to keep metadata gets the camera data back', async ({ page }) => {
  const camera = path.join(path.dirname(photo), 'exif-camera.jpg');
  expect((await sharp(camera).metadata()).exif).toBeDefined();
  await page.goto('/guest');
  // The upload input stays disabled until the session and plan have loaded.
  await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(camera);
  await page.getByText('More options').click();
  await page.getByLabel('Keep metadata (camera, date, location)').check();
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  const link = page.getByTestId('result-row').getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect((await sharp(await readFile(await download.path())).metadata()).exif).toBeDefined();
});

test('Smart lightening picks the quality itself and the result says so', async ({ page }) => {
  await page.goto('/guest');
  // The upload input stays disabled until the session and plan have loaded.
  await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('slider', { name: 'Quality' }).fill('40');
  await page.getByRole('button', { name: 'Smart lightening' }).click();
  const row = page.getByTestId('result-row');
  await expect(row.getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('smart quality');
  // The settings were reset to the defaults, and the quality shown is the slider's again, not 'Smart'.
  await expect(page.getByRole('slider', { name: 'Quality' })).toHaveAttribute('aria-valuetext', '75%');
  await expect(page.getByRole('slider', { name: 'Quality' })).toHaveValue('75');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download-link').click()]);
  const result = await readFile(await download.path());
  expect(result.length).toBeLessThan((await stat(photo)).size);
  expect(await sharp(result).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 427 });
});

test('a guest drops an iPhone HEIC photo, is told it will be saved as JPEG, and downloads a JPEG', async ({ page }) => {
  const heic = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/iphone.heic');
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('upload-area')).toContainText('HEIC');
  await page.getByTestId('upload-input').setInputFiles(heic);
  await expect(page.getByText('iphone.heic').first()).toBeVisible();
  await expect(page.getByText('HEIC photos (iPhone) are saved as JPEG')).toBeVisible();
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();

  const link = page.getByTestId('result-row').first().getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('iphone.jpg');
  expect(await sharp(await readFile(await download.path())).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 214 });
});
