import { processForm } from '../helpers.js';
import type { Instance } from './instances.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A guest's browser talking to whichever instance it is sent to, as behind a load balancer: one cookie
 * jar, one client address (X-Forwarded-For, read because the instances run with TRUST_PROXY=1).
 */
export function guest(address: string) {
  let cookie = '';
  async function send(instance: Instance, pathname: string, init: RequestInit = {}): Promise<Answer> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', address);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(`${instance.url}${pathname}`, { ...init, headers });
    // The session cookie; a sign-up also sets the device cookie, which these clients need not send back.
    const session = response.headers.getSetCookie().find((line) => line.startsWith('lightpix_session='));
    if (session) cookie = session.split(';')[0]!;
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body.toString()) };
  }
  return {
    get cookie() {
      return cookie;
    },
    get: (instance: Instance, pathname: string) => send(instance, pathname),
    postJson: (instance: Instance, pathname: string, value: unknown, headers: Record<string, string> = {}) =>
      send(instance, pathname, {
        method: 'POST',
        body: JSON.stringify(value),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    process: (instance: Instance, file: Buffer, name: string, fields: Record<string, string> = {}) =>
      send(instance, '/api/images/process', { method: 'POST', body: processForm(file, name, fields) }),
  };
}
