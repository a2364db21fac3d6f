import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** Every account the e2e run creates has this password. */
export const password = 'correct horse battery';
/** The run's admin: playwright.config.ts makes this account at start (ADMIN_EMAIL and ADMIN_PASSWORD). */
export const adminEmail = 'admin@example.com';

let nextUser = 0;
/** An address no other test or earlier run has used. */
export function uniqueEmail(prefix: string): string {
  nextUser += 1;
  return `${prefix}-${Date.now()}-${nextUser}@example.com`;
}

interface Names {
  firstName?: string;
  lastName?: string;
}

/** Signs up through the form on /auth, as a person would. */
export async function registerThroughForm(
  page: Page,
  email: string,
  { firstName = 'Grace', lastName = 'Hopper', url = '/auth?mode=register' }: Names & { url?: string } = {},
) {
  await page.goto(url);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in through the form on `url` (/auth, possibly with a redirect). */
export async function signInThroughForm(
  page: Page,
  email: string,
  { url = '/auth', secret = password }: { url?: string; secret?: string } = {},
) {
  await page.goto(url);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs up through the API, for tests about something else; the request context is then signed in. */
export async function registerByApi(request: APIRequestContext, email: string, { firstName = 'Ada', lastName = 'Lovelace' }: Names = {}) {
  const response = await request.post('/api/auth/register', { data: { email, password, firstName, lastName, username: '' } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs the run's admin in on this request context (the account exists from the server's start). */
export async function signInAsAdmin(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: adminEmail, password } });
  expect(login.status(), await login.text()).toBe(200);
}
