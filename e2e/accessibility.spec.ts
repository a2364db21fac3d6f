import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** The public pages people land on, the pages of this area, and the 404. */
const paths = [
  '/',
  '/guest',
  '/auth',
  '/contact',
  '/our-partners',
  '/developers',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/no-such-page',
];
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
];

/** Waits until the page shows its content: a main heading and no loading spinner. */
async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  // A landing page starts its app at the visitor's first key or touch (docs/decisions/0125); then the banner asks.
  await page.keyboard.press('Shift');
  await expect(page.getByTestId('spinner')).toHaveCount(0);
  // A button that just became enabled fades its colours; axe must judge the end state, not a frame of the fade.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

for (const viewport of widths) {
  for (const path of paths) {
    test(`${path} at ${viewport.name}: no serious or critical axe violations, no sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(path);
      await settle(page);
      // The consent banner is open on a first visit, so it is checked too.
      await expect(page.getByTestId('consent-banner')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const severe = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
      expect(severe).toEqual([]);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}

test('the guest page with its ad slots after consent, at 360 px: no serious or critical violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/guest');
  await settle(page);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('ad-slot')).toHaveCount(2);
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(severe).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
