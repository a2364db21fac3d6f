import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPool, createTestApp, databaseKinds, visitor, type TestApp } from '../helpers.js';

/**
 * The advertised 100 MP limit holds for every output format, or the format's own limit is said before
 * any work (docs/decisions/0251-the-pixel-limit-per-output-format.md).
 */

/** `width`×`height` in blocks of a hashed ramp: a 100 MP PNG of ~8 MB in 10-pixel blocks, under the 10 MB upload limit. */
function blocks(width: number, height: number, channels: 3 | 4, side = 10): Promise<Buffer> {
  const across = Math.ceil(width / side);
  const down = Math.ceil(height / side);
  const small = Buffer.alloc(across * down * channels);
  for (let i = 0; i < small.length; i++) small[i] = channels === 4 && i % 4 === 3 ? 128 : (i * 2654435761) >>> 24;
  return sharp(small, { raw: { width: across, height: down, channels } })
    .resize(width, height, { kernel: 'nearest', fit: 'fill' })
    .png()
    .toBuffer();
}

const nextIp = addressPool('198.18');
const password = 'a long enough password';

describe.each(databaseKinds)('output formats past their own pixel limits on %s', (kind) => {
  let t: TestApp;
  let hundredMegapixels: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '1', QUOTA_FREE: '1' });
    hundredMegapixels = await blocks(10_000, 10_000, 3);
  });
  afterAll(() => t.close());

  async function freeAccount() {
    const client = visitor(t.app, nextIp());
    const email = `f${Math.random().toString(36).slice(2)}@example.com`;
    expect((await client.post('/api/auth/register', { email, password, firstName: 'Ada', lastName: 'Lovelace' })).statusCode).toBe(201);
    return client;
  }

  it('refuses a 100 MP PNG as AVIF before any work, naming AVIF and its 32 MP, and the unit stays', async () => {
    const client = await freeAccount();
    const refused = await client.process(hundredMegapixels, 'scan.png', { format: 'avif' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_pixels',
      message: expect.stringMatching(/AVIF result can hold at most 32 megapixels/),
      params: { reason: 'format', format: 'AVIF', megapixels: 32 },
    });
    // Resized under the limit, the same file is written as AVIF with the one unit the refusal left.
    const resized = await client.process(await blocks(2000, 2000, 3), 'small.png', { format: 'avif', width: '1000' });
    expect(resized.statusCode).toBe(201);
    expect(resized.json()).toMatchObject({ format: 'avif', width: 1000 });
  });

  it('refuses a 100 MP PNG with transparency as WebP before any work, naming its 40 MP', async () => {
    const client = visitor(t.app, nextIp());
    const refused = await client.process(await blocks(10_000, 10_000, 4, 40), 'map.png', { format: 'webp' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.params).toEqual({ reason: 'format_alpha', format: 'WebP', megapixels: 40 });
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
  });

  it('refuses WebP past its 16,383 pixels a side', async () => {
    const client = visitor(t.app, nextIp());
    const refused = await client.process(await blocks(20_000, 400, 3), 'strip.png', { format: 'webp' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.params).toEqual({ reason: 'side', format: 'WebP', pixels: 16_383 });
  });
});

describe('a 100 MP PNG converted to WebP', () => {
  it('is written within the job budget (decision 0251)', async () => {
    const t = await createTestApp(databaseKinds[0]!, { QUOTA_GUEST: '1' });
    try {
      const response = await visitor(t.app, nextIp()).process(await blocks(10_000, 10_000, 3), 'scan.png', { format: 'webp' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ format: 'webp', width: 10_000, height: 10_000 });
    } finally {
      await t.close();
    }
  }, 180_000);
});
