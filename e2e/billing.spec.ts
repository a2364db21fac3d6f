import { test, expect } from './fixtures.js';
import { password, registerByApi, signInAsAdmin, uniqueEmail } from './people.js';
import { becomePremium, changeAndNotify, e2eStripeUrl, payAndNotify, stripeJsStandIn, subscriptionOf } from './stripe.js';

// The payment texts were specified in Italian, so the page is read in Italian.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'it'));
  await page.route('https://js.stripe.com/v3', (route) => route.fulfill({ contentType: 'text/javascript', body: stripeJsStandIn }));
});

test('a signed-out visitor to /subscribe is sent to sign in and back', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page).toHaveURL('/auth?redirect=/subscribe');
});

test('loads, blocks paying until Stripe is ready, shows a declined card, then pays and becomes Premium after the webhook', async ({
  page,
}) => {
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
    route.fulfill({
      status: 503,
      json: { error: { code: 'payments_unavailable', message: 'Payments are not available on this installation.' } },
    }),
  );
  await page.route('/api/subscription', (route) =>
    route.fulfill({
      json: {
        tier: 'registered',
        complimentary: false,
        priceEurCents: 200,
        paymentsAvailable: false,
        portalAvailable: false,
        subscription: null,
      },
    }),
  );
  await page.goto('/subscribe');
  await expect(page.getByTestId('payments-unavailable')).toContainText('Pagamenti non disponibili');
  await expect(page.getByTestId('spinner')).toHaveCount(0);
});

test('a signed-out Upgrade in the status bar goes through /api/login to sign in, and on to the payment form', async ({ page }) => {
  const email = uniqueEmail('upgrader');
  // The account exists already; this visitor is signed out on the guest screen.
  await registerByApi(page.request, email);
  await page.request.post('/api/logout');

  await page.goto('/guest');
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/login')) logins.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  await page.getByRole('button', { name: 'Passa a Premium' }).click();
  await expect(page).toHaveURL('/auth?redirect=%2Fsubscribe');
  expect(logins).toEqual(['/api/login?redirect=%2Fsubscribe']);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('auth-submit').click();
  await expect(page).toHaveURL('/subscribe');
  await expect(page.getByRole('heading', { name: 'Attiva Premium' })).toBeVisible();
});

test('a failed renewal shows the update-your-card banner on every page, and /account says so', async ({ page }) => {
  const email = uniqueEmail('pastdue');
  await registerByApi(page.request, email);
  const subscription = await becomePremium(page.request, email);
  expect(await changeAndNotify(page.request, subscription.id, 'past_due', 'invoice.payment_failed')).toBe(200);

  await page.goto('/images');
  const banner = page.getByTestId('past-due-banner');
  await expect(banner).toContainText("L'ultimo pagamento non è andato a buon fine");
  // Premium continues while Stripe retries the card.
  await expect(page.getByText('Utente Premium', { exact: true })).toBeVisible();
  await banner.getByRole('link', { name: 'Aggiorna la carta' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByTestId('account-plan')).toContainText("L'ultimo pagamento non è riuscito: aggiorna la carta.");

  expect(await changeAndNotify(page.request, subscription.id, 'unpaid', 'customer.subscription.updated')).toBe(200);
  await page.goto('/images');
  await expect(page.getByText('Utente Registrato', { exact: true })).toBeVisible();
  await expect(page.getByTestId('past-due-banner')).toHaveCount(0);
});

test('back from a payment that left the site: the outcome is told, the address cleaned, Premium follows the webhook', async ({ page }) => {
  const email = uniqueEmail('redirected');
  await registerByApi(page.request, email);
  expect((await page.request.post('/api/subscription/create', { data: {} })).status()).toBe(200);
  const subscription = await subscriptionOf(page.request, email);

  await page.goto('/?payment_intent=pi_e2e&payment_intent_client_secret=pi_e2e_secret_x&redirect_status=failed');
  await expect(page.getByText('Errore nel Pagamento', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Notifiche (F8)' }).getByText('Il pagamento non è stato completato.', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL('/');

  await page.goto('/?payment_intent=pi_e2e&payment_intent_client_secret=pi_e2e_secret_x&redirect_status=succeeded');
  await expect(page.getByText('Pagamento Completato', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await payAndNotify(page.request, subscription.id)).toBe(200);
  await expect(page.getByText('Utente Premium', { exact: true })).toBeVisible();
});

test('on /account: a new password, and deleting the account cancels the subscription first', async ({ page }) => {
  const email = uniqueEmail('leaver');
  await registerByApi(page.request, email);
  const subscription = await becomePremium(page.request, email);

  await page.goto('/account');
  await page.getByTestId('current-password').fill('not my password');
  await page.getByTestId('new-password').fill('a brand new password');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByTestId('current-password-error')).toHaveText('La password non è corretta.');
  await page.getByTestId('current-password').fill(password);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Password cambiata', { exact: true })).toBeVisible();

  // The password is checked before anything is asked: a wrong one is named under the field, no question follows.
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByTestId('delete-password').fill('not my password');
  await page.getByRole('button', { name: 'Elimina il mio account' }).click();
  await expect(page.getByTestId('delete-password-error')).toHaveText('La password non è corretta.');
  await expect(page.getByTestId('delete-dialog')).toHaveCount(0);

  await page.getByTestId('delete-password').fill('a brand new password');
  await page.getByRole('button', { name: 'Elimina il mio account' }).click();
  const question = page.getByRole('dialog', { name: 'Eliminare definitivamente il tuo account?' });
  await expect(question).toBeVisible();
  // The safe choice has the focus, and keeping the account changes nothing.
  await expect(question.getByRole('button', { name: 'Mantieni il mio account' })).toBeFocused();
  await question.getByRole('button', { name: 'Mantieni il mio account' }).click();
  await expect(question).toHaveCount(0);
  await page.getByRole('button', { name: 'Elimina il mio account' }).click();
  await question.getByRole('button', { name: 'Sì, elimina il mio account' }).click();
  // Home for a signed-out Italian visitor is /it (web/src/app/pages/HomeRoute.tsx), and it says what happened.
  await expect(page).toHaveURL('/it');
  await expect(page.getByTestId('account-deleted-notice')).toContainText('Account eliminato');
  await expect(page.getByRole('link', { name: 'Accedi' }).first()).toBeVisible();
  expect(browserDialogs).toEqual([]);
  const all = (await (await page.request.get(`${e2eStripeUrl}/_fake/subscriptions`)).json()) as { id: string; status: string }[];
  expect(all.find((s) => s.id === subscription.id)?.status).toBe('canceled');
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'a brand new password' } })).status()).toBe(401);
});

test('"Update card and invoices" opens the Customer Portal for the customer, coming back to /account', async ({ page }) => {
  const email = uniqueEmail('portal');
  await registerByApi(page.request, email);
  await becomePremium(page.request, email);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Aggiorna carta e fatture' }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `^${e2eStripeUrl}/portal/cus_\\w+\\?return=${encodeURIComponent('http://127.0.0.1:')}\\d+${encodeURIComponent('/account')}$`,
    ),
  );
});

test('without Stripe.js (blocked or offline) the page says the payment could not be loaded, with a way home', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail('blocked'));
  await page.route('https://js.stripe.com/v3', (route) => route.abort('blockedbyclient'));
  await page.goto('/subscribe');
  await expect(page.getByTestId('payment-load-error')).toContainText('Errore nel caricamento del pagamento.');
  await expect(page.getByRole('link', { name: 'Torna alla Home' })).toHaveAttribute('href', '/');
});

test("the admin users table shows a payer's subscription, and a support downgrade leaves paid Premium alone", async ({ page }) => {
  const email = uniqueEmail('payer');
  await registerByApi(page.request, email);
  await becomePremium(page.request, email);
  await page.request.post('/api/logout');
  await signInAsAdmin(page.request);

  await page.goto('/admin');
  await page.getByLabel('Cerca per e-mail').fill(email);
  const row = page.locator(`[data-testid=user-row][data-email="${email}"]`);
  await expect(row.getByTestId('subscription-cell')).toContainText('Attivo');
  await expect(row.getByTestId('subscription-cell')).toContainText('fino al');

  await row.getByTestId('tier-select').selectOption('registered');
  await expect(
    page.getByText(
      "Premium omaggio rimosso. L'utente paga ancora tramite Stripe, quindi resta Premium; per terminarlo disdici l'abbonamento in Stripe.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(row).toContainText('Premium');
  await expect(row.getByTestId('tier-select')).toHaveValue('premium');

  // Read again from the server: the payer is still Premium through Stripe, with no complimentary grant left.
  await page.reload();
  await page.getByLabel('Cerca per e-mail').fill(email);
  await expect(row.getByTestId('subscription-cell')).toContainText('Attivo');
  await expect(row.getByTestId('tier-select')).toHaveValue('premium');
  await expect(row.getByTestId('subscription-cell')).not.toContainText('omaggio');
});
