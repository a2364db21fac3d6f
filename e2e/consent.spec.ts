import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail as emailFor } from './people.js';

/** The only cookie a visitor may get before answering the banner: the technical session cookie. */
const technicalCookies = ['lightpix_session'];

const uniqueEmail = () => emailFor('consent');

/** The run's admin, signed in from a browser and address of their own. */
async function adminRequest(browser: Browser, baseURL: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.50.0.9' } });
  await signInAsAdmin(context.request);
  return context.request;
}

async function accept(page: Page) {
  const banner = page.getByRole('dialog', { name: 'Cookies and advertising' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
}

test('before any choice only the technical session cookie exists and nothing is fetched from other sites', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
      foreign.push(request.url());
  });
  await page.goto('/guest');
  await expect(page.getByTestId('remaining-images')).toBeVisible();
  const banner = page.getByRole('dialog', { name: 'Cookies and advertising' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Read the Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  // Accept and Reject are equally prominent: same size and same colours.
  const [acceptBox, rejectBox] = await Promise.all([
    banner.getByRole('button', { name: 'Accept' }).boundingBox(),
    banner.getByRole('button', { name: 'Reject' }).boundingBox(),
  ]);
  expect(Math.abs(acceptBox!.height - rejectBox!.height)).toBeLessThan(1);
  expect(await banner.getByRole('button', { name: 'Accept' }).getAttribute('class')).toBe(
    await banner.getByRole('button', { name: 'Reject' }).getAttribute('class'),
  );
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);

  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names.filter((name) => !technicalCookies.includes(name))).toEqual([]);
  expect(foreign).toEqual([]);
});

test('a guest who accepts sees the house promotion for Premium, and the choice survives a reload', async ({ page, context }) => {
  await page.goto('/guest');
  await expect(page.getByTestId('remaining-images')).toBeVisible();
  await accept(page);

  const slots = page.getByTestId('ad-slot');
  await expect(slots).toHaveCount(2);
  await expect(slots.first()).toContainText('Advertisement · our own plan');
  const plans = (await (await page.request.get('/api/plans')).json()).plans as { tier: string; priceEurCents: number }[];
  const price = plans.find((plan) => plan.tier === 'premium')!.priceEurCents / 100;
  await expect(slots.first()).toContainText(`€${price.toFixed(2)}`);
  await expect(slots.first().getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/auth?redirect=/subscribe');

  await page.reload();
  await expect(page.getByTestId('ad-slot')).toHaveCount(2);
  await expect(page.getByRole('dialog', { name: 'Cookies and advertising' })).toHaveCount(0);
  // Consenting sets no cookie of its own: the choice is kept in browser storage.
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names.filter((name) => !technicalCookies.includes(name))).toEqual([]);
});

test('a guest who rejects sees no ad slot, and can change their mind from the footer', async ({ page }) => {
  await page.goto('/guest');
  await expect(page.getByTestId('remaining-images')).toBeVisible();
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookies and advertising' })).toBeHidden();
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('remaining-images')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cookies and advertising' })).toHaveCount(0);
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cookie settings' }).click();
  const banner = page.getByRole('dialog', { name: 'Cookies and advertising' });
  await expect(banner).toBeFocused();
  await expect(banner).toContainText('Your current choice: rejected.');
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('ad-slot')).toHaveCount(2);
});

test('a registered user who accepts gets fewer ads: one slot, leading straight to payment', async ({ page }) => {
  await registerByApi(page.request, uniqueEmail());
  await page.goto('/images');
  await expect(page.getByTestId('remaining-images')).toBeVisible();
  await accept(page);
  await expect(page.getByTestId('ad-slot')).toHaveCount(1);
  await expect(page.getByTestId('ad-slot').getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/subscribe');
});

test('a premium user sees no ad slot even after accepting', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail();
  await registerByApi(page.request, email);
  const admin = await adminRequest(browser, baseURL!);
  const { users } = (await (await admin.get('/api/admin/users')).json()) as { users: { id: string; email: string }[] };
  const member = users.find((user) => user.email === email)!;
  expect((await admin.patch(`/api/admin/users/${member.id}`, { data: { tier: 'premium' } })).status()).toBe(200);

  for (const path of ['/images', '/guest']) {
    await page.goto(path);
    await expect(page.getByTestId('remaining-images')).toHaveText('Unlimited images');
    if (path === '/images') await accept(page);
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  }
});
