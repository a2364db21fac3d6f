import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { signInAsAdmin } from './people.js';

// /imprint at 360 px (docs/decisions/0247): reached from the footer, it says which details the operator has
// not filled in (the test server sets no OPERATOR_* setting), names no company; /admin lists the settings.
test('the imprint at 360 px says what the operator has not filled in, and /admin lists the settings', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/contact');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Imprint' }).click();
  await expect(page).toHaveURL(/\/imprint$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
  const details = page.getByTestId('operator-details');
  await expect(details.getByText('not filled in yet by the operator')).toHaveCount(5);
  await expect(page.getByTestId('spinner')).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await signInAsAdmin(page.request);
  await page.goto('/admin');
  const missing = page.getByTestId('operator-missing');
  await expect(missing).toContainText('OPERATOR_NAME');
  await expect(missing).toContainText('OPERATOR_SUPERVISORY_AUTHORITY');
  await expect(page.getByTestId('admin-version')).toContainText(/Version \d+\.\d+\.\d+/);
  expect(await severeViolations(page)).toEqual([]);
});
