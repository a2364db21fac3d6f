import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSizeLook } from '../../src/images/look.js';
import { addressPool, createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';
import { basicAuth, signedUp } from '../developers.js';
import { looksOverWhiteAndBlack, pngquantLike } from '../pngquant-look.js';

const nextIp = addressPool('198.22');

/** ssim.js over white and over black, the lower kept and rounded to 4 decimals, as bench/judge.ts judges a transparent graphic. */
async function judged(source: Buffer, result: Buffer) {
  const { white, black } = await looksOverWhiteAndBlack(source, result);
  return Math.round(Math.min(white, black) * 1e4);
}

/**
 * The official tinify client's own integration test (bench/tinify/integration.cjs) bounds the sizes of
 * its example image's outputs; issue 30 promises they still look at least as good as pngquant's palette
 * (docs/decisions/0157). `similarity` is what the API reports for the output; ssim.js judges it too
 * where its 11-px windows fit.
 */
async function atPngquantsLook(source: Buffer, result: Buffer, similarity: number, independent = true) {
  const reference = await pngquantLike(source);
  const { width, height } = await sharp(source).metadata();
  // The engine's own measure of the look a result shows (docs/decisions/0131), applied to pngquant's palette.
  const pngquantSimilarity = await pageSizeLook(sharp(source), { width: width!, height: height! }).against(reference);
  expect(similarity).toBeGreaterThanOrEqual(Math.floor(pngquantSimilarity * 1e4) / 1e4);
  if (independent) expect(await judged(source, result)).toBeGreaterThanOrEqual(await judged(source, reference));
}

describe.each(databaseKinds)("the tinify client's example image within its own test's size bounds, at pngquant's look, on %s", (kind) => {
  let t: TestApp;
  let key = '';
  // Upstream tinify-nodejs's test/examples/voormedia.png: 137×21, 17,150 bytes with its copyright in XMP.
  let example: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    example = await fixture('voormedia.png');
    const person = await signedUp(t.app, nextIp(), `sizes-${kind}@example.com`);
    key = (await person.client.post('/api/keys', { name: 'sizes' })).json().key;
  });
  afterAll(() => t.close());

  const call = (url: string, body: Buffer | object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: basicAuth(key), ...(Buffer.isBuffer(body) ? { 'content-type': 'image/png' } : {}) },
      payload: body as never,
      remoteAddress: '203.0.113.43',
    });

  it('compresses under 1,500 bytes, resizes to fit 50×20 under 1,000 and preserves copyright and creation under 2,000', async () => {
    const shrunk = await call('/api/v1/shrink', example);
    expect(shrunk.statusCode).toBe(201);
    const { output } = shrunk.json();
    const path = new URL(shrunk.headers.location as string).pathname;
    const compressed = (await t.app.inject({ method: 'GET', url: path, headers: { authorization: basicAuth(key) } })).rawPayload;
    // Decision 0132's additive lead sent it lossless: 1,992 bytes.
    expect(compressed.length).toBeLessThan(1500);
    expect(output.size).toBe(compressed.length);
    expect(compressed.includes('Copyright Voormedia')).toBe(false);
    await atPngquantsLook(example, compressed, output.similarity);

    const resized = await call(path, { resize: { method: 'fit', width: 50, height: 20 } });
    expect(resized.statusCode).toBe(200);
    // It was 1,227 bytes, lossless.
    expect(resized.rawPayload.length).toBeLessThan(1000);
    const { width, height } = await sharp(resized.rawPayload).metadata();
    expect([width, height]).toEqual([50, 8]);
    // The API resizes the compressed output (originals are never kept), as the engine does: fit 'fill' to the planned size.
    const resizedSource = await sharp(compressed).resize(width, height, { fit: 'fill' }).png().toBuffer();
    // 8 px high: ssim.js's 11-px windows do not fit, the engine's 8-px ones do.
    await atPngquantsLook(resizedSource, resized.rawPayload, Number(resized.headers['image-similarity']), false);

    const preserved = await call(path, { preserve: ['copyright', 'creation'] });
    expect(preserved.statusCode).toBe(200);
    // It was 2,218 bytes.
    expect(preserved.rawPayload.length).toBeLessThan(2000);
    expect(preserved.rawPayload.includes('Copyright Voormedia')).toBe(true);
    await atPngquantsLook(compressed, preserved.rawPayload, Number(preserved.headers['image-similarity']));
  });

  it('converts to WebP alone no larger than WebP chosen from a list, and smaller than the compressed PNG (the Python client’s test)', async () => {
    const shrunk = await call('/api/v1/shrink', example);
    const path = new URL(shrunk.headers.location as string).pathname;
    const convert = async (type: string | string[]) => {
      const answer = await call(path, { convert: { type } });
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/webp']);
      return answer.rawPayload;
    };
    const alone = await convert('image/webp');
    const fromList = await convert(['image/webp', 'image/avif']);
    // A convert to one format ran smart WebP's own search: 1,146 bytes against the list's 834 (decision 0232).
    expect(alone.length).toBeLessThanOrEqual(fromList.length);
    expect(alone.length).toBeLessThan(shrunk.json().output.size);
    expect(await judged(example, alone)).toBeGreaterThanOrEqual(await judged(example, await pngquantLike(example)));
  });
});
