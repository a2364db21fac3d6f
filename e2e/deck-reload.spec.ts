import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

// A .ppt: LibreOffice converts it first (seconds even on an idle machine), so the reload surely meets the deck still at work.
const deckPath = new URL('../server/test/fixtures/decks/field-notes.ppt', import.meta.url).pathname;
const phone = { width: 360, height: 740 };

async function premiumOnPowerPoint(page: Page, browser: Browser, baseURL: string) {
  const email = uniqueEmail('deck-reload');
  await registerByApi(page.request, email);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.50.0.29' } });
  const admin: APIRequestContext = context.request;
  await signInAsAdmin(admin);
  const { users } = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { users: { id: string }[] };
  expect((await admin.patch(`/api/admin/users/${users[0]!.id}`, { data: { tier: 'premium' } })).status()).toBe(200);
  await context.close();
  await page.goto('/powerpoint');
}

test.beforeEach(async ({ page }) => page.setViewportSize(phone));

test('at 360 px /powerpoint speaks of decks, and a deck still being optimised stays listed across a reload until it is done', async ({
  page,
  browser,
  baseURL,
}) => {
  await premiumOnPowerPoint(page, browser, baseURL!);
  await expect(page.getByTestId('remaining-images')).toHaveText('Unlimited decks');
  await expect(page.getByTestId('history')).toContainText('No decks yet. Your optimised decks will appear here.');
  expect(await severeViolations(page)).toEqual([]);

  // The server answers as soon as it has the deck (202, 'processing'); the page reloads at once.
  const received = page.waitForResponse((response) => response.url().endsWith('/api/presentations/process') && response.status() === 202);
  await page.getByTestId('deck-input').setInputFiles(deckPath);
  const record = (await (await received).json()) as { id: string; status: string };
  expect(record.status).toBe('processing');
  const listed = page.waitForResponse((response) => /\/api\/images\/results\?kind=deck/.test(response.url()));
  await page.reload();
  const afterReload = (await (await listed).json()) as { items: { id: string; status: string }[] };
  const row = page.getByTestId('deck-row').filter({ hasText: 'field-notes' });
  await expect(row).toHaveCount(1);
  // Listed by the server while its job still ran: the row says so, with no download yet.
  expect(afterReload.items.find((item) => item.id === record.id)?.status).toBe('processing');
  await expect(row.getByText('Optimising…')).toBeVisible();
  await expect(row.getByTestId('deck-download')).toHaveCount(0);

  // No touch from here on: the page follows the deck to its end.
  await expect(row.getByTestId('deck-download')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByTestId('deck-sizes')).toContainText('→');
  await expect(page.getByTestId('deck-row')).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(phone.width);
  expect(await severeViolations(page)).toEqual([]);
});
