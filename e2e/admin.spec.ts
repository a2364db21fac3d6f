import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { adminEmail, password, registerThroughForm, signInThroughForm } from './people.js';

/** Another person, in their own browser, from their own address. */
async function personAt(browser: Browser, baseURL: string, address: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  return context.newPage();
}

async function register(page: Page, email: string, firstName: string) {
  await registerThroughForm(page, email, { firstName, lastName: 'Tester' });
  await expect(page.getByTestId('user-greeting')).toHaveText(`Hi, ${firstName}`);
}

test('an admin makes a user premium, then deactivates them, and that user is refused at once', async ({ page, browser, baseURL }) => {
  const member = await personAt(browser, baseURL!, '10.40.0.2');
  const memberEmail = `member-${Date.now()}@example.com`;
  await register(member, memberEmail, 'Marta');
  expect((await member.request.get('/api/images/history')).status()).toBe(200);

  // The run's admin exists from the server's start (ADMIN_EMAIL, docs/decisions/0189).
  await signInThroughForm(page, adminEmail);
  await expect(page.getByTestId('user-greeting')).toHaveText('Hi, Admin');
  await page.getByRole('link', { name: 'Admin' }).first().click();
  await expect(page).toHaveURL('/admin');
  const row = page.locator(`[data-testid=user-row][data-email="${memberEmail}"]`);
  await expect(row).toBeVisible();
  // Other tests share this run's database: compare the premium count before and after.
  const premiumCount = async () => Number((await page.getByTestId('stat-premiumUsers').innerText()).replace(/\D/g, ''));
  const premiumBefore = await premiumCount();
  // The card counts accounts on the free plan and says so (a user made premium leaves it).
  await expect(page.getByTestId('stat-freeAccounts')).toContainText('Free accounts');

  await row.getByTestId('tier-select').selectOption('premium');
  await expect(page.getByText('User updated', { exact: true })).toBeVisible();
  await expect.poll(premiumCount).toBe(premiumBefore + 1);
  await member.reload();
  await expect(member.getByTestId('remaining-images')).toHaveText('Unlimited images');

  await row.getByTestId('toggle-active').click();
  await expect(page.getByText('User deactivated successfully', { exact: true })).toBeVisible();
  await expect(row).toContainText('Deactivated');

  // Their very next request is refused, and the page shows them signed out.
  expect((await member.request.get('/api/images/history')).status()).toBe(401);
  expect(await (await member.request.get('/api/auth/user')).json()).toBeNull();
  await member.reload();
  await expect(member.getByTestId('user-greeting')).toHaveCount(0);
  const login = await member.request.post('/api/auth/login', { data: { email: memberEmail, password } });
  expect(login.status()).toBe(403);
  await member.context().close();
});
