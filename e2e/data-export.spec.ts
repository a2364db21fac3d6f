import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzip } from '../server/test/zip.js';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'photo.jpg');

// Issue 37.1 at 360 px: "Download my data" on /account asks for the export, shows its progress, offers the
// ZIP (whose JSON holds the account and its result), words the hourly limit's 429; axe finds nothing serious.
test('a member downloads their data from /account on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail('my-data');
  await registerByApi(page.request, email);
  const made = await page.request.post('/api/images/process', {
    multipart: {
      quality: '75',
      format: '',
      maintainRatio: 'true',
      image: { name: 'seaside.jpg', mimeType: 'image/jpeg', buffer: await readFile(photo) },
    },
  });
  expect(made.status()).toBe(201);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Download my data' });
  await expect(section).toContainText('for 24 hours after it is ready');
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  // The answer to the click is the queued export: its bar shows until the next poll.
  await expect(section.getByRole('progressbar', { name: 'Preparing your data' })).toBeVisible();
  const link = section.getByRole('link', { name: 'Download ZIP' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await expect(section).toContainText('Your data is ready');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^lightpix-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = await unzip(await readFile((await download.path())!));
  expect(entries.map((entry) => entry.name).sort()).toEqual(['README.txt', 'lightpix-data.json', 'results/seaside.jpg']);
  const data = JSON.parse(entries.find((entry) => entry.name === 'lightpix-data.json')!.data.toString('utf8'));
  expect(data).toMatchObject({ format: 'lightpix-data-export', account: { email }, settings: { plan: 'registered' } });
  expect(data.results).toEqual([expect.objectContaining({ name: 'seaside.jpg', status: 'completed', file: 'results/seaside.jpg' })]);

  // A second copy within the hour: the server's 429, in the page's words.
  await section.getByRole('button', { name: 'Prepare a new copy' }).click();
  await expect(section.getByRole('alert')).toContainText('You can ask for one copy of your data an hour. Please try again in 60 min.');

  expect(await severeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('the section speaks Italian, and a stranger cannot fetch the ZIP', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => localStorage.setItem('language', 'it'));
  await registerByApi(page.request, uniqueEmail('miei-dati'));
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Scarica i miei dati' });
  await expect(section).toContainText('per 24 ore da quando è pronto');
  await section.getByRole('button', { name: 'Prepara i miei dati' }).click();
  const link = section.getByRole('link', { name: 'Scarica lo ZIP' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const href = (await link.getAttribute('href'))!;

  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.61.0.37' } });
  await registerByApi(stranger.request, uniqueEmail('stranger'));
  expect((await stranger.request.get(href)).status()).toBe(404);
  await stranger.close();
  expect(await severeViolations(page)).toEqual([]);
});
