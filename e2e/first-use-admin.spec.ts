import type { Page } from '@playwright/test';
import { addressPool } from '../server/test/addresses.js';
import { expect, test } from './fixtures.js';
import { password, registerByApi, signInAsAdmin } from './people.js';

const crowdAddress = addressPool('10.77');

/** Horizontal overflow of the page in pixels: 0 when nothing needs sideways scrolling. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the users list fits 1280 px, searches by e-mail, pages beyond 50 and becomes cards at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  // 51 accounts that only this test's search finds; each signs up from its own address (sign-up is rate-limited per address).
  const crowd = `crowd${Date.now()}`;
  for (let i = 0; i < 51; i++) {
    const response = await page.request.post('/api/auth/register', {
      data: { email: `${crowd}-${i}@example.com`, password, firstName: 'Crowd', lastName: String(i), username: '' },
      headers: { 'X-Forwarded-For': crowdAddress() },
    });
    expect(response.status()).toBe(201);
  }
  await page.request.post('/api/auth/logout');
  await signInAsAdmin(page.request);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  // The first list after 51 sign-ups can take more than the default 5 s on a busy 2-core machine.
  await expect(page.getByTestId('users-table')).toBeVisible({ timeout: 15_000 });
  expect(await sidewaysOverflow(page)).toBe(0);
  // Every row's actions are on screen without scrolling sideways.
  const toggle = page.getByTestId('user-row').first().getByTestId('toggle-active');
  const box = (await toggle.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  // One way to log out: the header's.
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);

  await page.getByLabel('Search by e-mail').fill(crowd);
  await expect(page.getByTestId('users-total')).toHaveText('51 users');
  await expect(page.getByTestId('users-page')).toHaveText('Page 1 of 2');
  await expect(page.getByTestId('user-row')).toHaveCount(50);
  // Newest first; the registration date is written the English way, like every date on the page.
  const newest = page.getByTestId('user-row').first();
  await expect(newest).toHaveAttribute('data-email', `${crowd}-50@example.com`);
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
  await expect(newest).toContainText(today);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('users-page')).toHaveText('Page 2 of 2');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toHaveAttribute('data-email', `${crowd}-0@example.com`);
  await page.getByLabel('Search by e-mail').fill(`${crowd}-17@`);
  await expect(page.getByTestId('users-total')).toHaveText('1 user');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByTestId('users-table')).toBeHidden();
  const card = page.getByTestId('user-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${crowd}-17@example.com`);
  await expect(card.getByTestId('toggle-active')).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('/admin for a guest or a user asks no admin API before it redirects or says no', async ({ page }) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
  });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);

  await registerByApi(page.request, `not-admin-${Date.now()}@example.com`);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  expect(adminCalls).toEqual([]);
});
