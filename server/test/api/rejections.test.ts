import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp, addressPool } from '../helpers.js';

/** A PNG whose header claims width×height pixels (25000×33000: 2.5 GB once decoded), a few bytes on disk. */
function decompressionBomb(width = 25_000, height = 33_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const nextIp = addressPool('192.0');

describe.each(databaseKinds)('rejected uploads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // One image per visitor: every rejection below must leave that one unit unused.
    t = await createTestApp(kind, { QUOTA_GUEST: '1' });
  });
  afterAll(() => t.close());

  async function expectRejected(file: Buffer, name: string, fields: Record<string, string>, status: number, code: string) {
    const client = visitor(t.app, nextIp());
    const response = await client.process(file, name, fields);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toEqual(expect.any(String));
    const session = (await client.get('/api/session/current')).json();
    expect(session.imagesProcessed).toBe(0);
    // The unit is still there: a good file now goes through.
    expect((await client.process(await fixture('photo.jpg'), 'ok.jpg')).statusCode).toBe(201);
    return response.json().error as { params?: Record<string, unknown> };
  }

  it('413 for a file over 10 MB', async () => {
    const big = Buffer.concat([await fixture('photo.jpg'), Buffer.alloc(10 * 1024 * 1024)]);
    // The browser writes the refusal in the visitor's language from these figures (docs/decisions/0142).
    expect((await expectRejected(big, 'big.jpg', {}, 413, 'file_too_large')).params).toEqual({ reason: 'image', maxMegabytes: 10 });
  });

  it('413 for a decompression bomb, answered from the header', async () => {
    expect((await expectRejected(decompressionBomb(), 'bomb.png', {}, 413, 'too_many_pixels')).params).toEqual({
      reason: 'image',
      megapixels: 100,
      animationMegapixels: 200,
    });
  });

  it('413 for a 16000×16000 PNG, under libvips’ own limit but over ours, answered from the header', async () => {
    await expectRejected(decompressionBomb(16_000, 16_000), 'bomb.png', {}, 413, 'too_many_pixels');
  });

  it('413 for a 1×1 PNG or a 24-frame GIF asked to become 10000×10000, before any work', async () => {
    const exact = { width: '10000', height: '10000', maintainRatio: 'false' };
    expect((await expectRejected(await fixture('one-pixel.png'), 'dot.png', exact, 413, 'too_many_pixels')).params).toMatchObject({
      reason: 'enlargement',
      times: 8,
    });
    await expectRejected(await fixture('animated.gif'), 'moving.gif', exact, 413, 'too_many_pixels');
  });

  it('enlarges up to eight times a side, and says how far when asked for more', async () => {
    const client = visitor(t.app, nextIp());
    const refused = await client.process(await fixture('one-pixel.png'), 'dot.png', { width: '9', height: '9', maintainRatio: 'false' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toMatch(/at most 8 times/);
    const enlarged = await client.process(await fixture('one-pixel.png'), 'dot.png', { width: '8', height: '8', maintainRatio: 'false' });
    expect(enlarged.statusCode).toBe(201);
    expect(enlarged.json()).toMatchObject({ width: 8, height: 8 });
  });

  it('415 for a text file, whatever name it carries', async () => {
    const { params } = await expectRejected(Buffer.from('hello, this is not an image'), 'fake.jpg', {}, 415, 'unsupported_file_type');
    expect(params).toEqual({ reason: 'image', formats: expect.arrayContaining(['JPEG', 'PNG', 'WebP', 'HEIC']) });
  });

  it('tells a PDF named .jpg that it is not an image, and which formats are accepted', async () => {
    const response = await visitor(t.app, nextIp()).process(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), 'scan.jpg');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/^This file is not an image we can open\. We accept JPEG, PNG, WebP.* images\.$/);
  });

  it('415 for SVG and BMP, naming the formats we accept', async () => {
    const client = visitor(t.app, nextIp());
    for (const name of ['drawing.svg', 'colormap.bmp']) {
      const response = await client.process(await fixture(name), name);
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toMatch(/JPEG, PNG, WebP/);
    }
  });

  it('422 for a truncated JPEG', async () => {
    const photo = await fixture('photo.jpg');
    await expectRejected(photo.subarray(0, photo.length / 2), 'cut.jpg', {}, 422, 'undecodable_image');
  });

  it('422 for a HEIC cut short', async () => {
    expect((await expectRejected(await fixture('heic/truncated.heic'), 'cut.heic', {}, 422, 'undecodable_image')).params).toEqual({
      reason: 'heic',
    });
  });

  it('400 for settings out of range, naming the fields', async () => {
    const client = visitor(t.app, nextIp());
    const response = await client.process(await fixture('photo.jpg'), 'a.jpg', {
      width: '-5',
      quality: '7',
      format: 'bmp',
      maintainRatio: 'maybe',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['format', 'maintainRatio', 'quality', 'width']);
  });

  it('400 when the request is not multipart at all', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/images/process',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_input');
  });

  it('400 naming the image field when a multipart form carries settings but no file', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ width: '', height: '', quality: '75', format: '', maintainRatio: 'true' }))
      form.append(name, value);
    const body = new Request('http://x', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/images/process',
      headers: { 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { image: expect.any(String) },
      fieldCodes: { image: { code: 'file_required' } },
    });
  });

  it('403 for AVIF output on the guest plan', async () => {
    await expectRejected(await fixture('photo.jpg'), 'a.jpg', { format: 'avif' }, 403, 'forbidden');
  });
});
