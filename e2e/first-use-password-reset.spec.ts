import type { Page } from '@playwright/test';
import { startMailCatcher, type CaughtMail } from '../server/test/mail-catcher.js';
import { expect, test } from './fixtures.js';
import { e2eSmtpPort } from './mail.js';
import { password, registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
test.beforeAll(async () => {
  catcher = await startMailCatcher({ port: e2eSmtpPort });
});
test.afterAll(() => catcher.close());

/** The reset link in a caught mail, as the reader would click it (quoted-printable undone). */
function linkIn(mail: CaughtMail): string {
  const text = /quoted-printable/i.test(mail.headers['content-transfer-encoding'] ?? '')
    ? mail.body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : mail.body;
  const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(text);
  expect(link, text).not.toBeNull();
  return link![0];
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an Italian visitor asks for a reset link, sets a new password once, and every other session ends', async ({ page, browser }) => {
  const email = uniqueEmail('forgot');
  await registerByApi(page.request, email);
  // The same account stays signed in on another device.
  const otherDevice = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await otherDevice.request.post('/api/auth/login', { data: { email, password } });
  expect(await (await otherDevice.request.get('/api/auth/user')).json()).toMatchObject({ email });
  await page.request.post('/api/auth/logout');

  await page.goto('/it');
  await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Password dimenticata?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password dimenticata?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Invia link di reimpostazione' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText(`Se un account usa ${email.toUpperCase()}`);
  expect(await sidewaysOverflow(page)).toBe(0);

  const mail = await catcher.next((m) => m.recipients.includes(email));
  const link = linkIn(mail);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
  await page.getByLabel('Nuova password', { exact: true }).fill('a brand new secret');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByRole('region', { name: /F8/ }).getByText('Password cambiata')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toContainText('Ada');

  // The other device was signed out by the reset.
  expect(await (await otherDevice.request.get('/api/auth/user')).json()).toBeNull();
  await otherDevice.close();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Nuova password', { exact: true }).fill('another new secret');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByTestId('reset-link-invalid')).toContainText('non è più valido');
  await expect(page.getByRole('link', { name: 'Richiedi un nuovo link' })).toHaveAttribute('href', '/auth?mode=forgot');

  const signIn = await page.request.post('/api/auth/login', { data: { email, password: 'a brand new secret' } });
  expect(signIn.status()).toBe(200);
});

test('an unknown address gets the same answer, and a link without its token says so', async ({ page }) => {
  await page.goto('/auth?mode=forgot');
  await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText('If an account uses');
  await page.goto('/reset-password');
  await expect(page.getByTestId('reset-link-invalid')).toContainText('This reset link is not complete');
});

test('without e-mail on the installation the page says to contact support', async ({ page }) => {
  // The answer an installation without SMTP gives (server/test/api/password-reset.test.ts checks the server side).
  await page.route('**/api/auth/password-reset', (route) => route.fulfill({ json: { available: false } }));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByTestId('reset-unavailable')).toContainText('not available on this installation');
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
  await expect(page.getByTestId('reset-unavailable')).toContainText('support@lightpix.test');
});

test('an admin e-mails a reset link from the users table, at 1280 and 360 px', async ({ page }) => {
  const email = uniqueEmail('helped');
  await registerByApi(page.request, email);
  await page.request.post('/api/auth/logout');
  await signInAsAdmin(page.request);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByLabel('Search by e-mail').fill(email);
  const row = page.getByTestId('user-row');
  await expect(row).toHaveCount(1);
  const button = row.getByTestId('send-reset-link');
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(await sidewaysOverflow(page)).toBe(0);
  await button.click();
  await expect(page.getByRole('region', { name: /F8/ })).toContainText(`A link to choose a new password was e-mailed to ${email}`);
  const mail = await catcher.next((m) => m.recipients.includes(email));
  expect(linkIn(mail)).toContain('/reset-password#token=');

  await page.setViewportSize({ width: 360, height: 800 });
  const cardButton = page.getByTestId('user-card').getByTestId('send-reset-link');
  await cardButton.scrollIntoViewIfNeeded();
  await expect(cardButton).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBe(0);
});
