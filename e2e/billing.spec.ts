import { test, expect } from './fixtures.js';
import { registerByApi, uniqueEmail } from './people.js';
import { payAndNotify, stripeJsStandIn, subscriptionOf } from './stripe.js';

// The payment texts were specified in Italian, so the page is read in Italian.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'it'));
  await page.route('https://js.stripe.com/v3', (route) => route.fulfill({ contentType: 'text/javascript', body: stripeJsStandIn }));
});

test('a signed-out visitor to /subscribe is sent to sign in and back', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page).toHaveURL('/auth?redirect=/subscribe');
});

test('loads, blocks paying until Stripe is ready, shows a declined card, then pays and becomes Premium after the webhook', async ({ page }) => {
  const email = uniqueEmail('subscriber');
  await registerByApi(page.request, email);

  // Hold the creation answer to see the loading state.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('/api/subscription/create', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/subscribe');
  await expect(page.getByText('Caricamento...')).toBeVisible();
  answer();

  await expect(page.getByRole('heading', { name: 'Attiva Premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Torna alla Home' })).toHaveAttribute('href', '/');
  const pay = page.getByTestId('pay-button');
  await expect(page.getByLabel('Card number')).toHaveAttribute('data-key', 'pk_test_e2e');
  await expect(page.getByLabel('Card number')).toHaveAttribute('data-client-secret', /_secret_/);
  await expect(pay).toBeDisabled();
  await page.evaluate(() => (window as unknown as { __stripeStandIn: { ready(): void } }).__stripeStandIn.ready());
  await expect(pay).toBeEnabled();

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay.click();
  await expect(pay).toHaveText('Elaborazione...');
  await expect(pay).toBeDisabled();
  await page.evaluate(() => (window as unknown as { __stripeStandIn: { release(): void } }).__stripeStandIn.release());
  await expect(page.getByText('Errore nel Pagamento', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(pay).toBeEnabled();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await page.evaluate(() => (window as unknown as { __stripeStandIn: { release(): void } }).__stripeStandIn.release());
  await expect(page.getByText('Pagamento Completato', { exact: true })).toBeVisible();
  await expect(page.getByText('Benvenuto nel piano Premium!', { exact: true })).toBeVisible();

  // Premium comes from Stripe's signed webhook, not from the browser; the page is waiting for it.
  const subscription = await subscriptionOf(page.request, email);
  expect(subscription.status).toBe('incomplete');
  expect(await payAndNotify(page.request, subscription.id)).toBe(200);
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Utente Premium', { exact: true })).toBeVisible();
});

test('cancels at period end on /account and resumes', async ({ page }) => {
  const email = uniqueEmail('canceller');
  await registerByApi(page.request, email);
  expect((await page.request.post('/api/subscription/create', { data: {} })).status()).toBe(200);
  expect(await payAndNotify(page.request, (await subscriptionOf(page.request, email)).id)).toBe(200);

  await page.goto('/images');
  await page.getByTestId('account-link').first().click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByTestId('account-tier')).toHaveText('Premium');
  await expect(page.getByTestId('account-period')).toContainText('Si rinnova il');
  await page.getByRole('button', { name: 'Disdici abbonamento' }).click();
  await expect(page.getByText('Abbonamento disdetto', { exact: true })).toBeVisible();
  await expect(page.getByTestId('account-period')).toContainText('Premium termina il');
  await expect(page.getByTestId('account-tier')).toHaveText('Premium');
  await page.getByRole('button', { name: 'Riprendi abbonamento' }).click();
  await expect(page.getByTestId('account-period')).toContainText('Si rinnova il');
});

test('says payments are not available when the installation has no keys', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('nokeys'));
  await page.route('/api/subscription/create', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'payments_unavailable', message: 'Payments are not available on this installation.' } } }),
  );
  await page.route('/api/subscription', (route) =>
    route.fulfill({ json: { tier: 'registered', complimentary: false, priceEurCents: 200, paymentsAvailable: false, portalAvailable: false, subscription: null } }),
  );
  await page.goto('/subscribe');
  await expect(page.getByTestId('payments-unavailable')).toContainText('Pagamenti non disponibili');
  await expect(page.getByTestId('spinner')).toHaveCount(0);
});
