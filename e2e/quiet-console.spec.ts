import { clientRoutes } from '@lightpix/shared';
import { expect, test } from './fixtures.js';

/** Every page a signed-out visitor can open, and one that does not exist (its 404 is the answer, not a fault). */
const pages = [...clientRoutes, '/auth?mode=forgot', '/no-such-page'];

for (const width of [1280, 360]) {
  test(`at ${width} px no page logs a console error or a failed request for a signed-out visitor`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];
    page.on('console', (message) => {
      // Chromium reports the 404 page's own status as a console line; that status is the intended answer.
      const notFoundPage = new URL(page.url()).pathname === '/no-such-page' && message.text().includes('404');
      if (message.type() === 'error' && !notFoundPage) problems.push(`${page.url()} console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()} page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // Leaving a page cancels what it was still loading; that is not a failure anyone sees.
      const error = request.failure()?.errorText ?? '';
      if (error !== 'net::ERR_ABORTED') problems.push(`${request.url()} failed: ${error}`);
    });
    page.on('response', (response) => {
      const notFoundPage = response.request().isNavigationRequest() && new URL(response.url()).pathname === '/no-such-page';
      if (response.status() >= 400 && !notFoundPage) problems.push(`${response.url()} answered ${response.status()}`);
    });
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The pages really rendered (a blank app would be quiet too), in the language the last landing page
    // visited (/fr) made the visitor's (docs/decisions/0057).
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    expect(problems).toEqual([]);
  });
}
