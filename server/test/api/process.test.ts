import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp, addressPool } from '../helpers.js';

const nextIp = addressPool('198.51');
/** Each test is its own visitor on its own address, so quotas never leak between tests. */
const freshVisitor = (app: TestApp['app']) => visitor(app, nextIp());

describe.each(databaseKinds)('POST /api/images/process on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '1000' });
  });
  afterAll(() => t.close());

  async function download(client: ReturnType<typeof visitor>, objectPath: string) {
    const response = await client.get(objectPath);
    expect(response.statusCode).toBe(200);
    return { response, data: response.rawPayload, meta: await sharp(response.rawPayload).metadata() };
  }

  it('returns a smaller JPEG for a real photo, with its record', async () => {
    const client = freshVisitor(t.app);
    const photo = await fixture('photo.jpg');
    const response = await client.process(photo, 'rocket.jpg');
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      originalName: 'rocket.jpg',
      originalSize: photo.length,
      status: 'completed',
      format: 'jpeg',
      width: 640,
      height: 427,
      quality: 75,
      alreadyOptimal: false,
      smart: false,
      search: null,
    });
    expect(record.processedSize).toBeLessThan(photo.length);
    // How like the original it looks, measured once at page size (docs/decisions/0131).
    expect(record.similarity).toBeGreaterThan(0.8);
    expect(record.similarity).toBeLessThan(1);
    expect(record.objectPath).toBe(`/api/images/${record.id}/download`);
    expect(new Date(record.expiresAt).getTime() - new Date(record.createdAt).getTime()).toBe(24 * 3600 * 1000);

    const { response: file, data, meta } = await download(client, record.objectPath);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe('attachment; filename="rocket.jpg"');
    expect(data.length).toBe(record.processedSize);
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 427 });
  });

  it('applies the EXIF orientation to the pixels and strips the metadata', async () => {
    const client = freshVisitor(t.app);
    const response = await client.process(await fixture('orientation-6.jpg'), 'turned.jpg');
    expect(response.statusCode).toBe(201);
    // Stored as 70×50 with orientation 6: upright it is 50×70.
    expect(response.json()).toMatchObject({ width: 50, height: 70 });
    const { meta } = await download(client, response.json().objectPath);
    expect(meta).toMatchObject({ width: 50, height: 70 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('removes camera EXIF and XMP from the result', async () => {
    const client = freshVisitor(t.app);
    const original = await fixture('exif-camera.jpg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await client.process(original, 'camera.jpg');
    const { meta } = await download(client, response.json().objectPath);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('never returns a larger file in the same format: the original comes back without its metadata', async () => {
    const client = freshVisitor(t.app);
    // A strongly compressed JPEG carrying EXIF: re-encoding it at quality 95 would only grow it.
    const original = await sharp(await fixture('photo.jpg'))
      .jpeg({ quality: 40 })
      .withExif({ IFD0: { Copyright: 'Someone private', Artist: 'Jane Doe' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await client.process(original, 'small.jpg', { quality: '95' });
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record.alreadyOptimal).toBe(true);
    expect(record.processedSize).toBeLessThan(original.length);
    const { data, meta } = await download(client, record.objectPath);
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 427 });
    expect(meta.exif).toBeUndefined();
    expect(data.includes(Buffer.from('Jane Doe'))).toBe(false);
    // The same pixels: the compressed data itself was kept.
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(data).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('passes back no bytes after the JPEG end marker when the original is already optimal', async () => {
    const client = freshVisitor(t.app);
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const jpeg = await sharp(await fixture('photo.jpg'))
      .jpeg({ quality: 40 })
      .toBuffer();
    const response = await client.process(Buffer.concat([jpeg, html]), 'small.jpg', { quality: '95' });
    expect(response.statusCode).toBe(201);
    expect(response.json().alreadyOptimal).toBe(true);
    const { data } = await download(client, response.json().objectPath);
    expect(data.includes(Buffer.from('<html>'))).toBe(false);
    expect(data.equals(jpeg)).toBe(true);
  });

  it('removes bidi controls from the download name, so it reads as what it is', async () => {
    const client = freshVisitor(t.app);
    const response = await client.process(await fixture('photo.jpg'), 'holiday\u202Egpj.exe');
    expect(response.statusCode).toBe(201);
    expect(response.json().originalName).toBe('holidaygpj.exe');
    const { response: file } = await download(client, response.json().objectPath);
    expect(file.headers['content-disposition']).toBe('attachment; filename="holidaygpj.jpg"');
  });

  it('resizes proportionally from one dimension and never enlarges', async () => {
    const client = freshVisitor(t.app);
    const photo = await fixture('photo.jpg');
    const half = await client.process(photo, 'a.jpg', { width: '320' });
    expect(half.json()).toMatchObject({ width: 320, height: 214 });
    const bigger = await client.process(photo, 'b.jpg', { width: '1920', height: '1080' });
    expect(bigger.json()).toMatchObject({ width: 640, height: 427 });
    const { meta } = await download(client, half.json().objectPath);
    expect(meta).toMatchObject({ width: 320, height: 214 });
  });

  it('uses exact dimensions when keep-proportions is off', async () => {
    const client = freshVisitor(t.app);
    const response = await client.process(await fixture('photo.jpg'), 'a.jpg', {
      width: '400',
      height: '400',
      maintainRatio: 'false',
    });
    expect(response.json()).toMatchObject({ width: 400, height: 400 });
  });

  it('converts between formats and names the download with the new extension', async () => {
    const client = freshVisitor(t.app);
    const png = await client.process(await fixture('alpha.png'), 'tux.png', { format: 'webp' });
    expect(png.statusCode).toBe(201);
    const webp = await download(client, png.json().objectPath);
    expect(webp.meta).toMatchObject({ format: 'webp', hasAlpha: true, width: 386, height: 395 });
    expect(webp.response.headers['content-disposition']).toBe('attachment; filename="tux.webp"');

    const jpeg = await client.process(await fixture('alpha.png'), 'tux.png', { format: 'jpeg' });
    const flattened = await download(client, jpeg.json().objectPath);
    expect(flattened.meta).toMatchObject({ format: 'jpeg', hasAlpha: false });
    // Transparent corners become white, not black.
    const { data } = await sharp(flattened.data)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);

    const webpIn = await client.process(await fixture('lossy.webp'), 'pink.webp', { format: 'png' });
    expect((await download(client, webpIn.json().objectPath)).meta.format).toBe('png');
  });

  it("picks a quality per image with quality 'smart'", async () => {
    const client = freshVisitor(t.app);
    const response = await client.process(await fixture('photo.jpg'), 'a.jpg', { quality: 'smart' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ smart: true, status: 'completed' });
    // 'cut short' only on a machine too busy to finish the search in time (docs/decisions/0130).
    expect(['complete', 'cut short']).toContain(response.json().search);
    expect(response.json().processedSize).toBeLessThan((await fixture('photo.jpg')).length);
  });
});
