import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@lightpix/shared';
import type { Browser, Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

// A full queue's 503 is not a failure on the page: the file waits the server's Retry-After and goes
// again by itself, and "Stop waiting" (Cancel the rest, for several files) ends the wait (docs/decisions/0162). At 360 px, as on a phone.
const here = path.dirname(fileURLToPath(import.meta.url));
const photo = path.join(here, 'fixtures/photo.jpg');
const deck = path.join(here, '../server/test/fixtures/decks/libreoffice5.pptx');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

/** The upload's first `times` answers are the server's busy refusal with this Retry-After; later uploads reach the server. */
async function busyFor(page: Page, times: number, retryAfter: string, uploadPath: string = apiPaths.processImage) {
  let refused = 0;
  await page.route(`**${uploadPath}`, async (route) => {
    if (route.request().method() !== 'POST' || refused >= times) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 503,
      headers: { 'Retry-After': retryAfter },
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'server_busy', message: `We are processing many images right now. Please try again in ${retryAfter} seconds.` },
      }),
    });
  });
  return () => refused;
}

/** Records whether a failed row (an image's or a deck's) was ever on the page, however briefly. */
async function watchForFailedRows(page: Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { failedRowSeen?: boolean };
    seen.failedRowSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="upload-failed"], [data-testid="deck-error"]')) seen.failedRowSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { failedRowSeen?: boolean }).failedRowSeen);
}

async function choosePhoto(page: Page) {
  await page.goto('/guest');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
}

test('a busy answer with Retry-After: 1 is waited out: the row ends with a result and is never shown failed', async ({ page }) => {
  const failedRowSeen = await watchForFailedRows(page);
  const refusals = await busyFor(page, 1, '1');
  await choosePhoto(page);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();

  await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  expect(refusals()).toBe(1);
  expect(await failedRowSeen()).toBe(false);
  await expect(page.getByTestId('upload-failed')).toHaveCount(0);
});

test('the waiting row says so in words and passes axe; "Stop waiting" ends the wait and the file can be sent again', async ({ page }) => {
  const failedRowSeen = await watchForFailedRows(page);
  await busyFor(page, 1, '60');
  await choosePhoto(page);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();

  const waiting = page.getByTestId('upload-busy');
  await expect(waiting).toHaveText('Server busy — waiting 60\u00a0s, then sending again.');
  await expect(waiting).toHaveAttribute('role', 'status');
  expect(await severeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Stop waiting' }).click();
  await expect(waiting).toHaveCount(0);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  expect(await failedRowSeen()).toBe(false);
});

async function makePremium(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.50.0.30' } });
  await signInAsAdmin(context.request);
  const { users } = (await (await context.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as {
    users: { id: string; email: string }[];
  };
  expect(
    (
      await context.request.patch(`/api/admin/users/${users.find((user) => user.email === email)!.id}`, { data: { tier: 'premium' } })
    ).status(),
  ).toBe(200);
  await context.close();
}

test('the PowerPoint tool waits out a busy answer too: the deck ends downloadable, never shown failed', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('busy-deck');
  await registerByApi(page.request, email);
  await makePremium(browser, baseURL!, email);
  const failedRowSeen = await watchForFailedRows(page);
  const refusals = await busyFor(page, 1, '1', apiPaths.processDeck);
  await page.goto('/powerpoint');
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByTestId('deck-input').setInputFiles(deck);

  await expect(page.getByTestId('deck-row').getByTestId('deck-download')).toBeVisible({ timeout: 60_000 });
  expect(refusals()).toBe(1);
  expect(await failedRowSeen()).toBe(false);
});
