import type { Page } from '@playwright/test';
import { landingLanguages, landingPath, landingTexts, uploadFormatsText } from '@lightpix/shared';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

/** The claim the first visitor met: processing "in your browser", in any of the languages. */
const inTheBrowser =
  /in your browser|nel tuo browser|en tu navegador|im Browser|in Ihrem Browser|in deinem Browser|w (Twojej )?przeglądarce|dans (votre|le) navigateur/i;
/** The word for our server in each language: the hero says where the work happens. */
const server = /server|servidor|serwer|serveur/i;

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

for (const language of landingLanguages) {
  test(`the ${language} landing page says images are processed on our server and lists one set of formats in three places`, async ({
    page,
  }) => {
    await page.goto(landingPath(language));
    const { landing } = landingTexts[language];
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1, name: landing.hero.title }) });
    await expect(hero).toContainText(server);
    expect(await bodyText(page)).not.toMatch(inTheBrowser);

    const formats = uploadFormatsText(language);
    await expect(page.getByTestId('upload-area')).toContainText(formats);
    await expect(page.getByTestId('pricing-inputs')).toContainText(formats);
    await page.getByText(landing.faq.formats.q).click();
    await expect(page.locator('#faq details[open]')).toContainText(formats);
  });
}

test('every English page a visitor meets uses British spelling, and the default quality is 75 on each', async ({ page }) => {
  for (const path of ['/', '/guest', '/auth', '/auth?mode=register', '/contact', '/our-partners']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await bodyText(page), path).not.toMatch(/optimiz|Optimiz|Help Center\b|\bcolor\b/);
    if (path === '/' || path === '/guest') await expect(page.getByRole('slider', { name: 'Quality' })).toHaveValue('75');
  }
  await registerByApi(page.request, uniqueEmail('spelling'));
  for (const path of ['/', '/images', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await bodyText(page), path).not.toMatch(/optimiz|Optimiz|\bcolor\b/);
    if (path !== '/account') await expect(page.getByRole('slider', { name: 'Quality' })).toHaveValue('75');
  }
});

test('Smart lightening is explained where it is offered, and the button says Optimise All only when several files are allowed', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('buttons');
  await registerByApi(page.request, email);
  await page.goto('/images');
  // The upgrade banner sells what the plan table gives Premium, not a fixed "unlimited".
  const { plans } = await (await page.request.get('/api/plans')).json();
  const premium = plans.find((plan: { tier: string }) => plan.tier === 'premium');
  const allowance = premium.maxImages === null ? 'Unlimited images' : `${premium.maxImages} images per month`;
  await expect(page.getByTestId('upgrade-banner-gives')).toHaveText(
    new RegExp(`^${allowance} · Up to ${premium.filesPerSelection} images at once`),
  );
  await expect(
    page.getByText('Smart lightening resets size and format to the original, then picks the quality for each image'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Optimise', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Optimise All' })).toHaveCount(0);

  // Support makes this account premium (100 files per selection).
  const support = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInAsAdmin(support.request);
  const users = await (await support.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json();
  expect(users.users).toHaveLength(1);
  expect((await support.request.patch(`/api/admin/users/${users.users[0].id}`, { data: { tier: 'premium' } })).status()).toBe(200);
  await support.close();

  await page.reload();
  await expect(page.getByTestId('remaining-images')).toHaveText('Unlimited images');
  await expect(page.getByRole('button', { name: 'Optimise All' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Optimise', exact: true })).toHaveCount(0);
});

test('without contact e-mail no page promises a reply time or priority support', async ({ page }) => {
  // The answer of an installation without SMTP_URL/CONTACT_TO (server/test/api/contact.test.ts checks the server side).
  await page.route('**/api/contact/info', (route) => route.fulfill({ json: { supportEmail: null, emailConfigured: false } }));
  // Signed in, the landing pages are rendered in the browser, which reads the mocked answer; a signed-out
  // visitor's is rendered by the server with its own settings (docs/decisions/0125).
  await registerByApi(page.request, uniqueEmail('no-promise'));
  const promise = /within 24|entro 24|innerhalb von 24|plazo de 24|en 24 horas|w ciągu 24|sous 24|priorit|bevorzugt|pierwszej kolejności/i;
  for (const language of landingLanguages) {
    // The landing page (with its contact form), then /contact in the language it keeps.
    for (const path of [landingPath(language), '/contact']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await bodyText(page), `${language} ${path}`).not.toMatch(promise);
    }
  }
  // With contact e-mail (this e2e server's own settings) the same page makes the promise: the check above can see it.
  await page.unroute('**/api/contact/info');
  await page.goto('/contact');
  await expect(page.getByTestId('support-note')).toBeVisible();
  expect(await bodyText(page)).toMatch(promise);
});
