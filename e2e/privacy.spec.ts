import type { Browser, Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

// Issue 37's screens at 360 px: the admin's inbox, audit trail and account deletion; axe finds nothing
// serious or critical and nothing scrolls sideways.
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

async function checkScreen(page: Page) {
  await expect(page.getByTestId('spinner')).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** A member in their own browser, who writes to support while signed in. */
async function memberWhoWrites(browser: Browser, baseURL: string, subject: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.60.0.37' } });
  const email = uniqueEmail('support-me');
  await registerByApi(context.request, email);
  const sent = await context.request.post('/api/contact', {
    data: { name: 'Marta Rossi', email, subject, message: 'Please delete my account and everything in it.', website: '' },
  });
  expect(sent.status()).toBe(201);
  return { context, email };
}

test('support reads the inbox, marks a message handled, deletes it and the account, and sees it all in the audit', async ({
  page,
  browser,
  baseURL,
}) => {
  const subject = `Delete my account ${Date.now()}`;
  const member = await memberWhoWrites(browser, baseURL!, subject);
  await signInAsAdmin(page.request);
  await page.goto('/admin');

  const message = page.getByTestId('contact-message').filter({ hasText: subject });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Mark handled' }).click();
  await expect(message).toHaveCount(0);
  await page.getByTestId('inbox-status').selectOption('handled');
  await expect(message).toContainText('Handled');
  await checkScreen(page);

  await message.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByTestId('inbox-delete-dialog');
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(message).toHaveCount(0);

  // The account: found by e-mail, deleted only once its address is typed again.
  await page.getByLabel('Search by e-mail').fill(member.email);
  const card = page.locator(`[data-testid=user-card][data-email="${member.email}"]`);
  await card.getByRole('button', { name: `Delete ${member.email}` }).click();
  const confirm = page.getByTestId('delete-user-dialog');
  await expect(confirm).toContainText('Billing records stay for 10 years');
  const yes = confirm.getByRole('button', { name: 'Delete the account' });
  await expect(yes).toBeDisabled();
  await confirm.getByLabel(`Type ${member.email} to confirm`).fill('someone-else@example.com');
  await expect(yes).toBeDisabled();
  await checkScreen(page);
  await confirm.getByLabel(`Type ${member.email} to confirm`).fill(member.email);
  await yes.click();
  await expect(page.getByText(`${member.email} has been deleted.`).first()).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await (await member.context.request.get('/api/auth/user')).json()).toBeNull();

  // The audit trail names the deletion by id only: the account's e-mail is gone with it.
  await page.getByTestId('audit-action').selectOption('user_deleted');
  const deletion = page.getByTestId('audit-entry').first();
  await expect(deletion).toContainText('Account deleted');
  await expect(deletion).toContainText('deleted account');
  await expect(deletion).not.toContainText(member.email);
  await page.getByTestId('audit-action').selectOption('contact_message_handled');
  await expect(page.getByTestId('audit-entry').first()).toContainText('Message marked handled');
  await checkScreen(page);
  await member.context.close();
});
