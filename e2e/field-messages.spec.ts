import { expect, test } from './fixtures.js';
import { password, registerByApi, uniqueEmail } from './people.js';

/** The server names a field's problem by code; the page writes it in the visitor's language (docs/decisions/0144). */
const taken = {
  it: 'Esiste già un account con questa e-mail.',
  pl: 'Konto z tym adresem e-mail już istnieje.',
  fr: 'Un compte existe déjà avec cette adresse e-mail.',
} as const;

for (const [language, message] of Object.entries(taken)) {
  test(`in ${language}, registering with an e-mail that has an account says so under the field, in ${language}`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail(`taken-${language}`);
    await registerByApi(request, email);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await page.goto('/auth?mode=register');
    await page.locator('input[name="firstName"]').fill('Ada');
    await page.locator('input[name="lastName"]').fill('Lovelace');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('auth-submit').click();
    await expect(page.getByTestId('field-error-email')).toHaveText(message);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

test('in de, a password the server finds too short is explained under the field in German', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.addInitScript(() => localStorage.setItem('language', 'de'));
  await page.goto('/auth?mode=register');
  await page.locator('input[name="firstName"]').fill('Ada');
  await page.locator('input[name="lastName"]').fill('Lovelace');
  await page.locator('input[name="email"]').fill(uniqueEmail('short-de'));
  // The browser's own check would stop it first, in the browser's language: the server's answer is what is tested.
  await page.locator('input[name="password"]').evaluate((input) => input.removeAttribute('minlength'));
  await page.locator('input[name="password"]').fill('kurz');
  await page.getByTestId('auth-submit').click();
  await expect(page.getByTestId('field-error-password')).toHaveText('Verwende mindestens 8 Zeichen.');
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Bitte prüfe die markierten Felder.' }).first(),
  ).toBeVisible();
});

test('in fr, a wrong current password on /account is explained under the field in French', async ({ page }) => {
  // Signed up on the page's own request context, so the browser is signed in too.
  await registerByApi(page.request, uniqueEmail('account-fr'));
  await page.setViewportSize({ width: 360, height: 800 });
  await page.addInitScript(() => localStorage.setItem('language', 'fr'));
  await page.goto('/account');
  await page.getByTestId('current-password').fill('pas le bon mot de passe');
  await page.getByTestId('new-password').fill('un tout nouveau mot de passe');
  await page.getByTestId('new-password').press('Enter');
  await expect(page.getByTestId('current-password-error')).toHaveText('Le mot de passe est incorrect.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
