import type { Page } from '@playwright/test';
import { startMailCatcher } from '../server/test/mail-catcher.js';
import { expect, test } from './fixtures.js';
import { signInAsAdmin } from './people.js';
import { e2eContactTo, e2eSmtpPort } from './mail.js';

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
test.beforeAll(async () => {
  catcher = await startMailCatcher({ port: e2eSmtpPort });
});
test.afterAll(() => catcher.close());

const form = (page: Page) => page.getByTestId('contact-form-page');

async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel('Full name').fill(values.name);
  await page.getByLabel('E-mail address').fill(values.email);
  await page.getByLabel('Subject').fill(values.subject);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

test('shows the validation messages, sends nothing, and clears each message once the field is fixed', async ({ page }) => {
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posted += 1;
  });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('contact-error-name')).toHaveText('Name is required');
  await expect(page.getByTestId('contact-error-email')).toHaveText('Valid email is required');
  await expect(page.getByTestId('contact-error-subject')).toHaveText('Subject is required');
  await expect(page.getByTestId('contact-error-message')).toHaveText('Message must be at least 10 characters');
  await expect(page.getByLabel('Full name')).toBeFocused();

  await page.getByLabel('Full name').fill('Ada');
  await expect(page.getByTestId('contact-error-name')).toHaveCount(0);
  await page.getByLabel('Message', { exact: true }).fill('Too short');
  await expect(page.getByTestId('contact-error-message')).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption('it');
  await expect(page.getByTestId('contact-error-email')).toHaveText("È richiesta un'e-mail valida");
  await expect(page.getByTestId('contact-error-message')).toHaveText('Il messaggio deve contenere almeno 10 caratteri');
  expect(posted).toBe(0);
});

test('sends a message that reaches the team’s mailbox, then starts over with an empty form', async ({ page }) => {
  const subject = `Batch resize ${Date.now()}`;
  await page.goto('/contact');
  await expect(page.getByTestId('support-email')).toHaveText('support@lightpix.test');
  await expect(page.getByTestId('support-note')).toHaveText('We answer every message within 24 hours.');

  // Hold the answer a moment so the sending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await fill(page, {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    subject,
    message: 'Can I resize a whole folder of photos at once?',
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sending = page.getByTestId('contact-submit');
  await expect(sending).toHaveText('Sending...');
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeFocused();
  await expect(page.getByText('Thank you for contacting us.')).toBeVisible();
  await expect(page.getByText('Message sent', { exact: true })).toBeVisible();

  const mail = await catcher.next((m) => m.headers.subject === `[Lightpix contact] ${subject}`);
  expect(mail.recipients).toEqual([e2eContactTo]);
  expect(mail.headers['reply-to']).toBe('Grace Hopper <grace@example.com>');
  expect(mail.body).toContain('Can I resize a whole folder of photos at once?');

  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(form(page)).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  for (const label of ['Full name', 'E-mail address', 'Subject']) await expect(page.getByLabel(label)).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('keeps what the visitor wrote and shows a translated error toast when sending fails', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"server_busy","message":"Busy"}}' }),
  );
  await page.goto('/contact');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByLabel('Vollständiger Name').fill('Hedy Lamarr');
  await page.getByLabel('E-Mail-Adresse').fill('hedy@example.com');
  await page.getByLabel('Betreff').fill('Frequenzen');
  await page.getByLabel('Nachricht', { exact: true }).fill('Eine Frage zu meinem Abo, bitte.');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Nachricht nicht gesendet', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue('Frequenzen');
});

test('an admin reads the stored message in the admin panel', async ({ page }) => {
  const subject = `Admin reads ${Date.now()}`;
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Katherine Johnson', email: 'katherine@example.com', subject, message: 'Please check my invoice address.', website: '' },
  });
  expect(sent.status()).toBe(201);

  await signInAsAdmin(page.request);
  await catcher.next((m) => m.headers.subject === `[Lightpix contact] ${subject}`);
  await page.goto('/admin');
  const item = page.getByTestId('contact-message').filter({ hasText: subject });
  await expect(item).toContainText('Please check my invoice address.');
  await expect(item.getByRole('link', { name: 'Reply to Katherine Johnson' })).toHaveAttribute('href', 'mailto:katherine@example.com');
  // The row is marked a moment after the mail server accepted the message.
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText('E-mailed', { timeout: 1000 });
  }).toPass();
});
