import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');
const phone = { width: 360, height: 740 };

/** A new person signed in on this page, made premium by the run's admin (support's complimentary premium). */
async function premium(page: Page, browser: Browser, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerByApi(page.request, email);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.52.0.9' } });
  await signInAsAdmin(context.request);
  const { users } = (await (await context.request.get('/api/admin/users')).json()) as { users: { id: string; email: string }[] };
  const member = users.find((user) => user.email === email)!;
  expect((await context.request.patch(`/api/admin/users/${member.id}`, { data: { tier: 'premium' } })).status()).toBe(200);
  await context.close();
}

/** `count` small results made through the API, four at a time, as earlier visits would have left them. */
async function makeResults(request: APIRequestContext, count: number) {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).jpeg({ quality: 90 }).toBuffer();
  for (let start = 0; start < count; start += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, count - start) }, async (_, offset) => {
        const response = await request.post('/api/images/process', {
          multipart: { image: { name: `earlier-${start + offset}.jpg`, mimeType: 'image/jpeg', buffer: image }, quality: '75', format: '', width: '', height: '', maintainRatio: 'true' },
        });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }
}

async function seriousViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

test('at 360 px with 40 results, Optimise is within 1.5 screens after choosing a file; results come 20 at a time with Show more', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(phone);
  await premium(page, browser, baseURL!, 'phone');
  await makeResults(page.request, 40);

  await page.goto('/images');
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(20);
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await expect(page.getByTestId('selected-row')).toContainText('photo.jpg');

  const optimise = page.getByRole('button', { name: 'Optimise', exact: true });
  const top = await optimise.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
  console.log(`Optimise button top at 360x740 with 40 results: ${Math.round(top)} px (${(top / phone.height).toFixed(2)} screens)`);
  expect(top).toBeLessThanOrEqual(1.5 * phone.height);
  await expect(optimise).toBeInViewport();
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/optimise-bar.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('results-more').click();
  await expect(page.getByTestId('result-row')).toHaveCount(40);
  await expect(page.getByTestId('results-more')).toHaveCount(0);

  await optimise.click();
  await expect(page.getByTestId('result-row')).toHaveCount(41, { timeout: 30_000 });
  await expect(page.getByTestId('result-row').first()).toContainText('photo.jpg');
});
