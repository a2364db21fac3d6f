import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

const deckPath = new URL('../server/test/fixtures/decks/libreoffice5.pptx', import.meta.url).pathname;

async function makePremium(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.50.0.19' } });
  const admin: APIRequestContext = context.request;
  await signInAsAdmin(admin);
  const { users } = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as {
    users: { id: string; email: string }[];
  };
  const member = users.find((user) => user.email === email)!;
  expect((await admin.patch(`/api/admin/users/${member.id}`, { data: { tier: 'premium' } })).status()).toBe(200);
  await context.close();
}

async function premiumOnPowerPoint(page: Page, browser: Browser, baseURL: string) {
  const email = uniqueEmail('decks');
  await registerByApi(page.request, email);
  await makePremium(browser, baseURL, email);
  await page.goto('/images');
  await page.getByTestId('powerpoint-link').click();
  await expect(page).toHaveURL('/powerpoint');
  await expect(page.getByRole('heading', { level: 1, name: 'Optimise presentations' })).toBeVisible();
}

test('a registered user sees what the PowerPoint tool does and the way to Premium, not the tool', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('decks-free'));
  await page.goto('/images');
  await page.getByTestId('powerpoint-link').click();
  const offer = page.getByTestId('deck-offer');
  await expect(offer).toContainText('PowerPoint optimisation is part of Premium');
  await expect(offer.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
  await expect(page.getByTestId('deck-upload-area')).toHaveCount(0);
});

test('a premium user optimises a deck: progress, bytes before and after, the report, a download with its name, and the history', async ({
  page,
  browser,
  baseURL,
}) => {
  await premiumOnPowerPoint(page, browser, baseURL!);
  await page.getByLabel('Smallest').check();
  await page.getByTestId('deck-input').setInputFiles(deckPath);

  const row = page.getByTestId('deck-row');
  await expect(row.getByTestId('deck-sizes')).toContainText(/[\d.]+\s[kM]B → [\d.]+\s[kM]B · \d+% smaller/, { timeout: 60_000 });
  await expect(row.getByTestId('deck-report')).toContainText('recompressed');
  const original = (await readFile(deckPath)).length;
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('deck-download').click()]);
  expect(download.suggestedFilename()).toBe('libreoffice5.pptx');
  const saved = await readFile((await download.path())!);
  expect(saved.subarray(0, 2).toString()).toBe('PK');
  expect(saved.length).toBeLessThan(original);

  // A reload lists the deck again, from the server, with its report and download.
  await page.reload();
  const listed = page.getByTestId('deck-row').filter({ hasText: 'libreoffice5.pptx' });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId('deck-report')).toContainText('recompressed');
  await expect(listed.getByTestId('deck-download')).toHaveAttribute('href', /\/api\/images\/.+\/download$/);

  await page.goto('/images');
  const history = page.getByTestId('result-row').filter({ hasText: 'libreoffice5.pptx' });
  await expect(history.getByTestId('result-deck-icon')).toBeVisible();
  await expect(history.getByTestId('result-deck-report')).toContainText('recompressed');
});

test('a premium user who picks a file that is not a deck is told why', async ({ page, browser, baseURL }) => {
  await premiumOnPowerPoint(page, browser, baseURL!);
  await page.getByTestId('deck-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a deck') });
  await expect(page.getByText('notes.txt is not a PowerPoint deck (.pptx or .ppt).', { exact: true })).toBeVisible();
  // A file named like a deck but holding something else reaches the server, which refuses it.
  await page
    .getByTestId('deck-input')
    .setInputFiles({ name: 'fake.pptx', mimeType: 'application/octet-stream', buffer: Buffer.from('just text, not a zip') });
  await expect(page.getByTestId('deck-error')).toHaveText('This is not a PowerPoint file. We accept .pptx and .ppt decks.', {
    timeout: 30_000,
  });
});
