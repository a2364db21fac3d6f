import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import sharp from 'sharp';
import tinify from 'tinify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPool, createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';
import { signedUp } from '../developers.js';

const nextIp = addressPool('198.22');

/** The client hard-codes api.tinify.com and its own CA list; both are static properties on its Client. */
const client = tinify.Client as unknown as { API_ENDPOINT: string; CA_BUNDLE: string | string[]; RETRY_DELAY: number };

describe.each(databaseKinds)('the official tinify npm client against our API over HTTPS on %s', (kind) => {
  let t: TestApp;
  let server: Server;
  let person: Awaited<ReturnType<typeof signedUp>>;
  /** A local file server, allowed by SOURCE_URL_ALLOW as an intranet host would be. */
  const files = createHttpServer((request, response) => {
    const body = served[request.url ?? ''];
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  const served: Record<string, Buffer> = {};
  let filesBase = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const filesHost = `127.0.0.1:${(files.address() as AddressInfo).port}`;
    filesBase = `http://${filesHost}`;
    t = await createTestApp(kind, { SOURCE_URL_ALLOW: filesHost });
    await t.app.ready();
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    // The real app, served over TLS with a certificate made for this test.
    server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => t.app.routing(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client.API_ENDPOINT = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client.CA_BUNDLE = pems.cert;
    client.RETRY_DELAY = 10;
    person = await signedUp(t.app, nextIp(), `tinify-${kind}@example.com`);
  });
  afterAll(async () => {
    await new Promise((resolve) => files.close(resolve));
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('validates a key, compresses and resizes through fromBuffer().resize().toBuffer(), and counts compressions', async () => {
    const created = (await person.client.post('/api/keys', { name: 'tinify client' })).json();
    tinify.key = created.key;
    await expect(tinify.validate()).resolves.toBeUndefined();

    const photo = await sharp(await fixture('photo.jpg'))
      .resize(320)
      .jpeg({ quality: 92 })
      .toBuffer();
    const resized = await tinify.fromBuffer(photo).resize({ method: 'fit', width: 120, height: 120 }).toBuffer();
    const metadata = await sharp(Buffer.from(resized)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 120, 80]);
    // The shrink and the resize: one compression each.
    expect(tinify.compressionCount).toBe(2);

    const source = tinify.fromBuffer(photo);
    const result = source.result();
    expect(await result.width()).toBe(320);
    expect(await result.mediaType()).toBe('image/jpeg');
  });

  it('rejects a wrong key and a revoked key with an AccountError (401)', async () => {
    tinify.key = 'lpx_this-key-does-not-exist';
    await expect(tinify.validate()).rejects.toMatchObject({ status: 401 });
    await expect(tinify.validate()).rejects.toBeInstanceOf(tinify.AccountError);

    const created = (await person.client.post('/api/keys', { name: 'to revoke' })).json();
    tinify.key = created.key;
    await expect(tinify.validate()).resolves.toBeUndefined();
    expect((await person.client.delete(`/api/keys/${created.id}`)).statusCode).toBe(204);
    await expect(tinify.fromBuffer(Buffer.from('x')).toBuffer()).rejects.toMatchObject({ status: 401 });
    await expect(tinify.validate()).rejects.toBeInstanceOf(tinify.AccountError);
  });

  it('reports a non-image as a ClientError 415, as Tinify does', async () => {
    const created = (await person.client.post('/api/keys', { name: 'errors' })).json();
    tinify.key = created.key;
    const failure = tinify.fromBuffer(Buffer.from('definitely not an image')).toBuffer();
    await expect(failure).rejects.toBeInstanceOf(tinify.ClientError);
    await expect(failure).rejects.toMatchObject({ status: 415, message: expect.stringMatching(/UnsupportedMediaType/) });
  });

  it('compresses from a URL through fromUrl(), one compression, and reports a non-image there as 415', async () => {
    tinify.key = (await person.client.post('/api/keys', { name: 'from url' })).json().key;
    served['/photo.jpg'] = await sharp(await fixture('photo.jpg'))
      .resize(200)
      .jpeg({ quality: 92 })
      .toBuffer();
    served['/notes.txt'] = Buffer.from('not an image at all');
    const before = tinify.compressionCount ?? 0;
    const output = Buffer.from(await tinify.fromUrl(`${filesBase}/photo.jpg`).toBuffer());
    expect((await sharp(output).metadata()).width).toBe(200);
    expect(output.length).toBeLessThan(served['/photo.jpg'].length);
    expect(tinify.compressionCount).toBe(before + 1);
    await expect(tinify.fromUrl(`${filesBase}/notes.txt`).toBuffer()).rejects.toMatchObject({ status: 415 });
    await expect(tinify.fromUrl(`${filesBase}/missing.png`).toBuffer()).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/404/),
    });
    await expect(tinify.fromUrl('http://169.254.169.254/latest/meta-data/').toBuffer()).rejects.toBeInstanceOf(tinify.ClientError);
  });

  it("keeps a PNG's copyright and creation date through preserve(), and drops them without it", async () => {
    tinify.key = (await person.client.post('/api/keys', { name: 'preserve' })).json().key;
    // As in the client's own example image: the copyright lives in XMP's dc:rights.
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>2016-01-18T10:37:35+01:00</xmp:CreateDate><dc:rights><rdf:Alt><rdf:li xml:lang="x-default">Copyright Example Studio</rdf:li></rdf:Alt></dc:rights></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const logo = await sharp(await fixture('alpha.png'))
      .resize(140)
      .withXmp(xmp)
      .png()
      .toBuffer();
    const source = tinify.fromBuffer(logo);
    const plain = Buffer.from(await source.toBuffer());
    const kept = Buffer.from(await source.preserve('copyright', 'creation').toBuffer());
    expect(plain.includes('Copyright Example Studio')).toBe(false);
    expect(kept.includes('Copyright Example Studio')).toBe(true);
    expect((await sharp(kept).metadata()).format).toBe('png');
  });

  it("converts to 'image/jpg' and refuses a transparent image to JPEG without a background (400)", async () => {
    tinify.key = (await person.client.post('/api/keys', { name: 'convert' })).json().key;
    const cutOut = tinify.fromBuffer(
      await sharp(await fixture('alpha.png'))
        .resize(80)
        .png()
        .toBuffer(),
    );
    const webp = await cutOut.convert({ type: ['image/webp', 'image/jpg'] }).toBuffer();
    expect((await sharp(Buffer.from(webp)).metadata()).format).toBe('webp');
    await expect(cutOut.convert({ type: ['image/jpeg'] }).toBuffer()).rejects.toMatchObject({ status: 400 });
    await expect(cutOut.convert({ type: ['image/jpeg'] }).toBuffer()).rejects.toBeInstanceOf(tinify.ClientError);
    const flat = await cutOut.convert({ type: 'image/jpg' }).transform({ background: 'white' }).toBuffer();
    expect((await sharp(Buffer.from(flat)).metadata()).format).toBe('jpeg');
  });

  it('keeps refusing wrong keys with 401 during a storm of them, so validate() never passes one', async () => {
    const rejected: unknown[] = [];
    for (let n = 0; n < 24; n++) {
      tinify.key = `lpx_storm-guess-${n}`;
      rejected.push(
        await tinify.validate().then(
          () => 'passed',
          (error: { status?: number }) => error.status,
        ),
      );
    }
    expect(rejected).toEqual(Array.from({ length: 24 }, () => 401));
  }, 60_000);
});
