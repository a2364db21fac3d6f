import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';

describe('a client’s mistakes get 4xx in the contract’s shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(databaseKinds[0]!);
  });
  afterAll(() => t.close());

  const upload = (contentType: string, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/images/process',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress: '198.18.9.1',
    });

  const expectError = (
    response: { statusCode: number; json: () => { error?: { code?: string; message?: string } } },
    status: number,
    message: RegExp,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.stringMatching(message) });
  };

  it('400 for multipart without a boundary, and for a body cut short', async () => {
    expectError(await upload('multipart/form-data', 'whatever'), 400, /multipart/i);
    const cut = '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc';
    expectError(await upload('multipart/form-data; boundary=x', cut), 400, /incomplete|cut short/i);
  });

  it('400 that says so for two files or too many fields, not "larger than allowed"', async () => {
    const photo = await fixture('photo.jpg');
    const twoFiles = new FormData();
    twoFiles.append('image', new Blob([photo]), 'a.jpg');
    twoFiles.append('image', new Blob([photo]), 'b.jpg');
    const manyFields = new FormData();
    manyFields.append('image', new Blob([photo]), 'a.jpg');
    for (let i = 0; i < 25; i++) manyFields.append(`field${i}`, 'x');
    for (const [form, message] of [
      [twoFiles, /one image/i],
      [manyFields, /fields/i],
    ] as const) {
      const body = new Request('http://x', { method: 'POST', body: form });
      expectError(await upload(body.headers.get('content-type')!, Buffer.from(await body.arrayBuffer())), 400, message);
    }
  });

  it('tells a form-encoded sign-in to send JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
      remoteAddress: '198.18.9.2',
    });
    expectError(response, 400, /JSON/);
  });

  it('answers a malformed URL with 400 in JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/images/%E0%A4%A/download', remoteAddress: '198.18.9.3' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_input' });
  });
});
