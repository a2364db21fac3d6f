import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { converterState } from '../../src/presentations/ppt.js';
import { readPackage } from '../../src/presentations/zip.js';
import { signedUp } from '../developers.js';
import { deckRequest, structuralProblems } from '../decks.js';
import { addressPool, createTestApp, databaseKinds, fixture, type TestApp } from '../helpers.js';
import { renderSlides } from '../render.js';

// The sandbox needs bubblewrap and user namespaces; without them .ppt is refused, which the last test checks.
const sandbox = await converterState({ soffice: 'soffice', bwrap: 'bwrap' });
if (sandbox !== 'ready') console.warn(`Skipping the sandboxed .ppt conversion: LibreOffice in bubblewrap is ${sandbox} here`);

/** Where the fixture's second linked picture points once LibreOffice resolves it from a folder in /tmp. */
const LOCAL_PICTURE = '/tmp/lightpix-linked-picture.png';
const LISTENER_COLOUR = { r: 250, g: 10, b: 200 };
const LOCAL_COLOUR = { r: 10, g: 250, b: 20 };

const solid = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The fixture .ppt with its linked picture pointing at this port (the same number of digits as the fixture's). */
async function linkedPpt(port: number): Promise<Buffer> {
  const ppt = gunzipSync(await fixture('decks/linked-pictures.ppt.gz'));
  const from = Buffer.from('127.0.0.1:39999', 'utf16le');
  const to = Buffer.from(`127.0.0.1:${port}`, 'utf16le');
  expect(to.length).toBe(from.length);
  const at = ppt.indexOf(from);
  expect(at).toBeGreaterThan(0);
  to.copy(ppt, at);
  return ppt;
}

/** The mean colour of every picture in a deck's media. */
async function mediaColours(deck: Buffer) {
  const media = (await readPackage(deck)).filter((entry) => entry.name.startsWith('ppt/media/'));
  return Promise.all(
    media.map(async (entry) => (await sharp(entry.data).stats()).channels.slice(0, 3).map((channel) => Math.round(channel.mean))),
  );
}

const nextIp = addressPool('198.43');

describe.each(databaseKinds)('a .ppt converted inside the sandbox on %s', (kind) => {
  let t: TestApp;
  let listener: Server;
  const requests: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const picture = await solid(LISTENER_COLOUR);
    listener = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    });
    // Ephemeral ports have five digits, like the fixture's.
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    await writeFile(LOCAL_PICTURE, await solid(LOCAL_COLOUR));
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    await rm(LOCAL_PICTURE, { force: true });
    await t.close();
  });

  async function premium() {
    const { client, userId } = await signedUp(t.app, nextIp(), `sandbox-${kind}-${Math.random()}@example.com`);
    await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
    return client;
  }

  it.skipIf(sandbox !== 'ready')(
    'fetches no linked picture, reads no local file, and the deck links to nothing outside it',
    async () => {
      const client = await premium();
      const ppt = await linkedPpt((listener.address() as AddressInfo).port);
      const response = await deckRequest(client, t.app, ppt, 'Linked.ppt');
      expect(response.statusCode).toBe(201);
      expect(response.json().report.convertedFromPpt).toBe(true);
      expect(requests).toEqual([]);

      const download = await client.get(response.json().objectPath);
      expect(download.statusCode).toBe(200);
      const colours = await mediaColours(download.rawPayload);
      const near = (mean: number[], colour: typeof LOCAL_COLOUR) =>
        Math.abs(mean[0]! - colour.r) + Math.abs(mean[1]! - colour.g) + Math.abs(mean[2]! - colour.b) < 30;
      expect(colours.filter((mean) => near(mean, LISTENER_COLOUR) || near(mean, LOCAL_COLOUR))).toEqual([]);
      const parts = await readPackage(download.rawPayload);
      const rels = parts.filter((entry) => entry.name.endsWith('.rels')).map((entry) => entry.data.toString('utf8'));
      expect(rels.filter((text) => /TargetMode="External"/.test(text) && !/\/hyperlink"/.test(text))).toEqual([]);
      expect(rels.join('\n')).not.toMatch(/127\.0\.0\.1|lightpix-linked-picture/);
      // The pictures LibreOffice did not load keep their frame and lose the empty reference it wrote (docs/decisions/0257).
      const slides = parts.filter((entry) => /^ppt\/slides\/slide\d+\.xml$/.test(entry.name)).map((entry) => entry.data.toString('utf8'));
      expect(slides.join('\n').match(/<a:blip\b/g)).toHaveLength(2);
      expect(slides.join('\n')).not.toMatch(/r:(embed|link)\s*=\s*["']\s*["']/);
      expect(await structuralProblems(download.rawPayload)).toEqual([]);
      // It opens in LibreOffice: one slide, as the .ppt has.
      expect(await renderSlides(download.rawPayload)).toHaveLength(1);
    },
    180_000,
  );

  it('refuses a .ppt with 415 when the sandbox cannot be made, converting nothing', async () => {
    const noSandbox = await createTestApp(kind, { BWRAP_PATH: '/nonexistent/bwrap' });
    try {
      const { client, userId } = await signedUp(noSandbox.app, nextIp(), `nosandbox-${kind}@example.com`);
      await noSandbox.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
      const response = await deckRequest(client, noSandbox.app, await linkedPpt((listener.address() as AddressInfo).port), 'Linked.ppt');
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatchObject({ code: 'ppt_converter_missing', message: expect.stringContaining('bubblewrap') });
      expect(requests).toEqual([]);
      expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
    } finally {
      await noSandbox.close();
    }
  });
});
