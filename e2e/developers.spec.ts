import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { registerByApi, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

test('a signed-out visitor reads the API docs and is asked to sign in for a key', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developer API' }).click();
  await expect(page).toHaveURL('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer API' })).toBeVisible();
  // The examples name this site, not Tinify's.
  const origin = new URL(page.url()).origin;
  await expect(page.getByTestId('curl-shrink')).toHaveText(
    `curl --user api:YOUR_API_KEY --data-binary @photo.jpg -i ${origin}/api/v1/shrink`,
  );
  // The official clients speak HTTPS only: their examples name the https address (decision 0262).
  const https = origin.replace(/^http:/, 'https:');
  await expect(page.getByTestId('client-example')).toContainText(`tinify.Client.API_ENDPOINT = '${https}';`);
  await expect(page.getByTestId('client-example')).toContainText('tinify.Client.CA_BUNDLE = [...tinify.Client.CA_BUNDLE,');
  await expect(page.getByTestId('client-private-ca')).toContainText('ignores NODE_EXTRA_CA_CERTS');
  await expect(page.getByTestId('client-typescript')).toContainText(`client.API_ENDPOINT = '${https}';`);
  await expect(page.getByTestId('python-example')).toContainText(`tinify.Client.API_ENDPOINT = "${https}"`);
  await expect(page.getByTestId('python-private-ca')).toContainText('REQUESTS_CA_BUNDLE');
  await expect(page.getByTestId('client-https')).toContainText('HTTPS only');
  // The test server speaks plain http: the page says the official clients cannot use that address.
  await expect(page.getByRole('note').filter({ hasText: 'plain http' })).toBeVisible();
  await expect(page.getByTestId('limit-registered')).toHaveText('Free account: 10 images per month');
  await expect(page.getByTestId('limit-keys-for')).toHaveText(
    "Every account can create keys, free accounts too: a key uses its own account's allowance, as the limits below say.",
  );
  await page.getByRole('link', { name: 'Sign in to create a key' }).click();
  await expect(page).toHaveURL('/auth?redirect=/developers');
});

test('the examples fit a 360 px phone: long lines wrap inside their box, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/developers');
  await expect(page.getByTestId('python-example')).toBeVisible();
  const blocks = await page.locator('pre').evaluateAll((elements) => elements.map((pre) => pre.scrollWidth - pre.clientWidth));
  expect(blocks.length).toBeGreaterThan(5);
  expect(blocks.every((overflow) => overflow <= 0)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('at 360 px the error names fit their cells and break only between their words', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/developers');
  const cells = page.getByTestId('api-error-name');
  await expect(cells.filter({ hasText: 'UnsupportedMediaType' })).toHaveCount(1);
  const measured = await cells.evaluateAll((elements) =>
    elements.map((cell) => ({
      name: cell.textContent,
      overflow: cell.scrollWidth - cell.clientWidth,
      // A word broken across two lines has two boxes.
      splitWords: [...cell.querySelectorAll('span')].filter((word) => word.getClientRects().length !== 1).map((word) => word.textContent),
    })),
  );
  expect(measured).toHaveLength(10);
  for (const cell of measured) expect(cell, cell.name ?? '').toMatchObject({ overflow: 0, splitWords: [] });
  // At 360 px the longest name does not fit one line: it wraps, between its words, so the check above holds something.
  const lines = await cells
    .filter({ hasText: 'UnsupportedMediaType' })
    .evaluate((cell) => new Set([...cell.querySelectorAll('span')].map((word) => word.getBoundingClientRect().top)).size);
  expect(lines).toBeGreaterThan(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a user creates a key, sees it once, compresses with it, sees the use, and revokes it', async ({ page, baseURL }) => {
  await registerByApi(page.request, uniqueEmail('developer'));
  await page.goto('/developers');
  await page.getByLabel('Key name').fill('build script');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-key');
  await expect(shown).toHaveText(/^lpx_/);
  const key = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  const row = page.getByTestId('api-key');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`build script …${key.slice(-4)}`);
  await expect(row).toContainText('0 compressions this month');
  await expect(row).toContainText('never used');

  // A script without the browser's cookies, authenticated by the key alone.
  const script = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}` },
  });
  const shrink = await script.post('/api/v1/shrink', { data: await readFile(photo), headers: { 'Content-Type': 'image/jpeg' } });
  expect(shrink.status(), await shrink.text()).toBe(201);
  expect(shrink.headers()['compression-count']).toBe('1');

  await page.reload();
  await expect(row).toContainText('1 compression this month');
  await expect(row).toContainText('last used');
  // The key itself is never shown again.
  await expect(page.getByText(key)).toHaveCount(0);

  // The account page lists the same keys, with the way to the documentation.
  await page.goto('/account');
  await expect(row).toContainText('1 compression this month');
  await page.getByRole('link', { name: 'How to use the API' }).click();
  await expect(page).toHaveURL('/developers');

  // The page asks in its own dialog; keeping the key changes nothing.
  await page.getByRole('button', { name: 'Revoke the key build script' }).click();
  const question = page.getByRole('dialog', { name: 'Revoke the key “build script”?' });
  await expect(question).toHaveAccessibleDescription('Scripts using it stop working at once.');
  await question.getByRole('button', { name: 'Keep the key' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('api-key')).toHaveCount(1);
  await page.getByRole('button', { name: 'Revoke the key build script' }).click();
  await question.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Key “build script” revoked', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();

  const refused = await script.post('/api/v1/shrink', { data: await readFile(photo), headers: { 'Content-Type': 'image/jpeg' } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('Unauthorized');
  await script.dispose();
});
