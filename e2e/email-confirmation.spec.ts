import { readable, startMailCatcher, type CaughtMail } from '../server/test/mail-catcher.js';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { startOwnServer } from './own-server.js';
import { password, uniqueEmail } from './people.js';

// REQUIRE_EMAIL_CONFIRMATION changes every new account's allowance, so this spec runs its own server with it
// on and its own mail catcher, as an operator would run it (docs/decisions/0191).
const port = Number(process.env.E2E_PORT ?? 3100) + 3;
const origin = `http://127.0.0.1:${port}`;
let server: Awaited<ReturnType<typeof startOwnServer>> | null = null;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  catcher = await startMailCatcher();
  server = await startOwnServer('confirm', port, {
    PUBLIC_URL: origin,
    SMTP_URL: catcher.url,
    MAIL_FROM: 'Lightpix <no-reply@lightpix.test>',
    REQUIRE_EMAIL_CONFIRMATION: 'true',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await catcher?.close();
});

function linkIn(mail: CaughtMail): string {
  const link = /http:\/\/127\.0\.0\.1:\d+\/confirm-email#token=[A-Za-z0-9_-]+/.exec(readable(mail));
  if (!link) throw new Error(`No confirmation link in: ${readable(mail)}`);
  return link[0];
}

test('at 360 px a new account is asked to confirm its e-mail, can have the link sent again, and gets its allowance by following it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail('confirm');
  await page.goto(`${origin}/auth?mode=register`);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  const banner = page.getByTestId('confirm-email-banner');
  await expect(banner).toContainText(`Confirm your e-mail address: we sent a link to ${email}.`);
  await expect(banner).toContainText('Until then you can process as many images as a guest.');
  const first = await catcher.next((mail) => mail.recipients.includes(email));
  // The banner fits the phone's width: nothing runs off to the side.
  const box = await banner.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  expect(await severeViolations(page)).toEqual([]);

  const seen = catcher.mails.length;
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${email}. It works for 24 hours.`);
  const second = await catcher.next((mail) => catcher.mails.indexOf(mail) >= seen && mail.recipients.includes(email));
  expect(linkIn(second)).not.toBe(linkIn(first));

  await page.goto(linkIn(second));
  await expect(page.getByTestId('confirmation-done')).toHaveText(
    new RegExp(`${email.replace(/[.]/g, '\\.')} is confirmed: your account has its full allowance.`),
  );
  await expect(page.getByTestId('confirm-email-banner')).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);

  // The same link a second time, as a reload would: it was single-use.
  await page.reload();
  await expect(page.getByTestId('confirmation-failed')).toHaveText(/This link is not valid any more: it was used or it expired\./);
});
