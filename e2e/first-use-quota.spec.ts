import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { password, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

for (const width of [1280, 360]) {
  test(`at ${width} px a guest at the limit is offered the free account first, then Premium, with the plan table's figures`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const plans = (await (await page.request.get('/api/plans')).json()) as { plans: { tier: string; maxImages: number | null }[] };
    const registered = plans.plans.find((plan) => plan.tier === 'registered')!;
    await page.goto('/guest');
    await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');
    await page.getByTestId('upload-input').setInputFiles(photo);
    await page.getByRole('button', { name: 'Optimise', exact: true }).click();
    await expect(page.getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('remaining-images')).toHaveText('0 of 1 image left (renews every 24 hours)');

    const offer = page.getByTestId('limit-offer');
    await expect(offer).toContainText(`A free account gives you ${registered.maxImages} images per month.`);
    await expect(offer).toContainText('Premium: Unlimited images for €2.00 a month.');
    const signUp = offer.getByTestId('offer-sign-up');
    const premium = offer.getByTestId('offer-premium');
    await expect(signUp).toHaveAttribute('href', '/auth?mode=register');
    await expect(premium).toHaveAttribute('href', '/auth?redirect=/subscribe');
    // The free account comes first, in reading order and on screen (both measured in one frame: the page may be scrolling to the result).
    const [first, second] = (await offer.evaluate((element) =>
      ['offer-sign-up', 'offer-premium']
        .map((id) => element.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect())
        .map(({ x, y }) => ({ x, y })),
    )) as [{ x: number; y: number }, { x: number; y: number }];
    expect(first.y < second.y || (first.y === second.y && first.x < second.x)).toBe(true);
    await expect(page.getByTestId('status-sign-up')).toBeVisible();

    if (width !== 1280) return;
    // Taking the offer: the account opens with the whole allowance the offer named, and keeps the guest's result.
    await signUp.click();
    await page.getByLabel('First name').fill('Offer');
    await page.getByLabel('Last name').fill('Taker');
    await page.getByLabel('E-mail').fill(uniqueEmail('offer'));
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('remaining-images')).toHaveText(
      `${registered.maxImages} of ${registered.maxImages} images left this month`,
    );
    await expect(page.getByTestId('result-row')).toContainText('photo.jpg');
  });
}

test('a registered allowance reads "8 of 10 images left this month", and at 0 says when it renews', async ({ page }) => {
  let processed = 2;
  // The status bar shows what the session answer says; the server's side is covered by the API tests.
  await page.route('**/api/session/current', (route) =>
    route.fulfill({
      json: {
        id: 's',
        guestSessionId: 's',
        tier: 'registered',
        imagesProcessed: processed,
        maxImages: 10,
        nextImageAt: processed > 0 ? '2026-12-01T00:00:00.000Z' : null,
      },
    }),
  );
  await page.goto('/guest');
  await expect(page.getByTestId('remaining-images')).toHaveText('8 of 10 images left this month');
  await expect(page.getByTestId('quota-renews')).toHaveCount(0);
  processed = 10;
  await page.reload();
  await expect(page.getByTestId('remaining-images')).toHaveText('0 of 10 images left this month');
  await expect(page.getByTestId('quota-renews')).toHaveText('Your allowance renews on Dec 1, 2026.');
  await expect(page.getByTestId('limit-offer')).toContainText("You have used this month's images.");
  await expect(page.getByTestId('offer-sign-up')).toHaveCount(0);
});
