import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

/** A new person signed in on this page, made premium by the run's admin (support's complimentary premium). */
export async function signedInPremium(page: Page, browser: Browser, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerByApi(page.request, email);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.53.0.9' } });
  await signInAsAdmin(context.request);
  const { users } = (await (await context.request.get('/api/admin/users')).json()) as { users: { id: string; email: string }[] };
  const member = users.find((user) => user.email === email)!;
  expect((await context.request.patch(`/api/admin/users/${member.id}`, { data: { tier: 'premium' } })).status()).toBe(200);
  await context.close();
}

/** `count` small results made through the API, four at a time, as earlier visits would have left them. */
export async function resultsMadeBefore(request: APIRequestContext, count: number) {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  for (let start = 0; start < count; start += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, count - start) }, async (_, offset) => {
        const response = await request.post('/api/images/process', {
          multipart: {
            image: { name: `earlier-${start + offset}.jpg`, mimeType: 'image/jpeg', buffer: image },
            quality: '75',
            format: '',
            width: '',
            height: '',
            maintainRatio: 'true',
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }
}
