import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@lightpix/shared';
import { users } from '../../src/db/schema/index.js';
import { signedUp } from '../developers.js';
import { addressPool, createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.44');

/** A multipart body with one file part, cut where `cut` says. */
function filePart(
  boundary: string,
  field: string,
  filename: string,
  data: Buffer,
  cut: 'whole' | 'before the closing delimiter' | 'mid-file',
) {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  if (cut === 'mid-file') return Buffer.concat([head, data.subarray(0, Math.floor(data.length / 2))]);
  if (cut === 'before the closing delimiter') return Buffer.concat([head, data, Buffer.from('\r\n')]);
  return Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/** Every malformed shape an outside probe sent, as [what, content type, body]. */
function malformedShapes(field: string, filename: string, data: Buffer): [string, string, Buffer][] {
  const long = 'b'.repeat(200);
  return [
    ['no boundary', 'multipart/form-data', filePart('x', field, filename, data, 'whole')],
    ['an empty boundary', 'multipart/form-data; boundary=', filePart('', field, filename, data, 'whole')],
    ['a 200-character boundary', `multipart/form-data; boundary=${long}`, filePart(long, field, filename, data, 'whole')],
    ['no parts', 'multipart/form-data; boundary=x', Buffer.from('--x--\r\n')],
    ['an empty body', 'multipart/form-data; boundary=x', Buffer.alloc(0)],
    [
      'a body cut before the closing delimiter',
      'multipart/form-data; boundary=x',
      filePart('x', field, filename, data, 'before the closing delimiter'),
    ],
    ['a body cut mid-file', 'multipart/form-data; boundary=x', filePart('x', field, filename, data, 'mid-file')],
  ];
}

describe.each(databaseKinds)('malformed multipart uploads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_PREMIUM: '100' });
  });
  afterAll(() => t.close());

  async function premium() {
    const ip = nextIp();
    const { client, userId } = await signedUp(t.app, ip, `malformed-${kind}-${ip}@example.com`);
    await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
    return client;
  }

  it.each([
    ['the deck route', apiPaths.processDeck, 'file', 'deck.pptx', 'decks/libreoffice5.pptx'],
    ['the image route', '/api/images/process', 'image', 'photo.jpg', 'photo.jpg'],
  ])(
    '%s answers every malformed shape with 400 in the contract’s JSON and charges nothing',
    async (_route, url, field, filename, file) => {
      const client = await premium();
      const data = await fixture(file);
      const shapes = malformedShapes(field, filename, data);
      const answers = [];
      for (const [what, contentType, payload] of shapes) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: client.cookie, 'content-type': contentType },
          payload,
          remoteAddress: '203.0.113.78',
        });
        answers.push({
          what,
          status: response.statusCode,
          code: response.json().error?.code,
          message: typeof response.json().error?.message,
        });
      }
      expect(answers).toEqual(shapes.map(([what]) => ({ what, status: 400, code: 'invalid_input', message: 'string' })));
      expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
      // The same file, well formed, still goes through: the refusals were about the body's shape.
      const whole = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: client.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: filePart('x', field, filename, data, 'whole'),
        remoteAddress: '203.0.113.78',
      });
      expect(whole.statusCode).toBe(201);
    },
    60_000,
  );
});
