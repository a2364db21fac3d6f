import type { Page } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { startOwnServer } from './own-server.js';

// The signed-out landing pages are rendered by the server (docs/decisions/0125), which a browser mock of
// /api/plans cannot reach; this spec starts its own server without Stripe keys, as an operator would run it.
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const origin = `http://127.0.0.1:${port}`;
let server: Awaited<ReturnType<typeof startOwnServer>> | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The build is the one the run's main server made; no STRIPE_* setting reaches this one.
  server = await startOwnServer('nopay', port, {});
});

test.afterAll(async () => {
  await server?.stop();
});

/** Every control that would start a purchase: links to /subscribe or sign-in-to-subscribe, and the named buttons and links. */
function purchaseControls(page: Page) {
  return page
    .locator('a[href*="subscribe"]')
    .or(page.getByRole('button', { name: /Upgrade|Go Premium|Get Premium|Passa a Premium|Premium/ }))
    .or(page.getByRole('link', { name: /Upgrade|Go Premium|Get Premium|Passa a Premium/ }));
}

for (const [address, notForSale] of [
  ['/', 'Premium cannot be bought on this installation.'],
  ['/it', 'Su questa installazione non è possibile acquistare Premium.'],
] as const) {
  test(`payments off, ${address} at 360 px: the server-rendered pricing lists Premium's features with no buy button and no upsell`, async ({
    page,
  }) => {
    expect(await (await page.request.get(`${origin}/api/plans`)).json()).toMatchObject({ paymentsAvailable: false });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${origin}${address}`);
    const premium = page.getByTestId('plan-premium');
    // As sent by the server, before the app runs: Premium described, nothing to press.
    await expect(premium.getByRole('listitem')).not.toHaveCount(0);
    expect(await premium.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expect(premium.getByTestId('premium-not-for-sale')).toHaveText(notForSale);
    await expect(premium.getByRole('link')).toHaveCount(0);
    await expect(premium.getByRole('button')).toHaveCount(0);
    await expect(purchaseControls(page)).toHaveCount(0);

    // Once the app runs (first key) and ads are accepted, still no purchase and no house ad for Premium.
    await page.keyboard.press('Shift');
    await page
      .getByTestId('consent-banner')
      .getByRole('button', { name: /Accept|Accetta/ })
      .click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await expect(premium.getByTestId('premium-not-for-sale')).toHaveText(notForSale);
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
    await expect(purchaseControls(page)).toHaveCount(0);
    expect(await severeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
