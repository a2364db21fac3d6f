import { landingLanguages, landingPath, landingTexts } from '@lightpix/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// A phone; the visitor has answered the cookie banner, so it covers nothing at the bottom.
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => {
    localStorage.setItem('lightpix_consent', JSON.stringify({ choice: 'rejected', decidedAt: new Date().toISOString(), version: 1 }));
  });
});

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a footer link opens the next page at its top, and back returns to where the visitor was', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('plan-premium')).toBeVisible();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Developer API' });
  await link.scrollIntoViewIfNeeded();
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(1000);

  await link.click();
  await expect(page).toHaveURL('/developers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  // The next page is read part-way, then the Terms link from its footer opens at the top too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('plan-premium')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 5);
  expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(5);
});

test('a #section link still scrolls to its section', async ({ page }) => {
  await page.goto('/guest');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/#pricing');
  await expect(page.locator('#pricing')).toBeInViewport();
  expect(await scrollY(page)).toBeGreaterThan(0);
});

for (const language of landingLanguages) {
  test(`"Sign up free" on the ${language} landing page opens the register form`, async ({ page }) => {
    await page.goto(landingPath(language));
    const signUp = page.getByTestId('plan-registered').getByRole('link', { name: landingTexts[language].landing.pricing.registered.cta });
    await signUp.click();
    await expect(page).toHaveURL('/auth?mode=register');
    await expect(page.getByTestId('auth-mode-register')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('input[autocomplete="given-name"]')).toBeVisible();
    expect(await scrollY(page)).toBe(0);
  });
}

test('"Create a free account" on the guest page opens the register form', async ({ page }) => {
  await page.goto('/guest');
  await page.getByRole('link', { name: 'Create a free account' }).first().click();
  await expect(page).toHaveURL('/auth?mode=register');
  await expect(page.locator('input[autocomplete="given-name"]')).toBeVisible();
});
