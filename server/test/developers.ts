import type { TestApp } from './helpers.js';
import { visitor } from './helpers.js';

/** A signed-up person's browser, keeping the session cookie. */
export async function signedUp(app: TestApp['app'], ip: string, email: string) {
  const client = visitor(app, ip);
  const response = await client.post('/api/auth/register', {
    email,
    password: 'correct horse battery',
    firstName: 'Dev',
    lastName: 'Eloper',
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return { client, userId: response.json().id as string };
}

/** HTTP Basic as Tinify's clients send it: user "api", the key as password. */
export const basicAuth = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString('base64')}`;
