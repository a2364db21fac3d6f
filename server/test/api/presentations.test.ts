import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRESENTATION_BYTES } from '@lightpix/shared';
import { users } from '../../src/db/schema/index.js';
import { DECK_TIME_LIMIT_MS } from '../../src/presentations/deck-job.js';
import { converterState } from '../../src/presentations/ppt.js';
import { readPackage } from '../../src/presentations/zip.js';
import { addressPool, createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';
import { signedUp } from '../developers.js';
import { billionLaughsDeck, deckRequest, hiddenDtdDecks, traversalDeck, zipBombDeck, zipOf } from '../decks.js';
import { renderSlides, renderToolsMissing } from '../render.js';

const renderMissing = await renderToolsMissing();
// .ppt conversion runs only inside bubblewrap (docs/decisions/0145); ppt-sandbox.test.ts checks the refusal without it.
const sandbox = await converterState({ soffice: 'soffice', bwrap: 'bwrap' });
if (renderMissing && process.env.CI) throw new Error(`LibreOffice and poppler are required on CI: ${renderMissing}`);

const nextIp = addressPool('198.41');
let people = 0;

describe.each(databaseKinds)('POST /api/presentations/process on %s', (kind) => {
  let t: TestApp;
  let deck: Buffer;
  beforeAll(async () => {
    // A premium cap makes "no quota used" visible in the session's count.
    t = await createTestApp(kind, { QUOTA_PREMIUM: '100' });
    deck = await fixture('decks/libreoffice5.pptx');
  });
  afterAll(() => t.close());

  async function person(tier: 'registered' | 'premium') {
    const { client, userId } = await signedUp(t.app, nextIp(), `deck${++people}-${kind}@example.com`);
    if (tier === 'premium') await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
    return client;
  }
  const used = async (client: ReturnType<typeof visitor>) => (await client.get('/api/session/current')).json().imagesProcessed as number;

  it('gives a premium user a smaller deck with a report, downloadable under its own name', async () => {
    const client = await person('premium');
    const response = await deckRequest(client, t.app, deck, 'Quarterly review.pptx');
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      kind: 'deck',
      format: 'pptx',
      status: 'completed',
      originalName: 'Quarterly review.pptx',
      originalSize: deck.length,
      alreadyOptimal: false,
      report: { target: 'screen', convertedFromPpt: false, pictures: 2, linked: 0, vector: 0, audioVideo: 0, unusedDropped: 0 },
    });
    expect(record.report.resized + record.report.recompressed + record.report.converted + record.report.leftAlone).toBe(2);
    expect(record.processedSize).toBeLessThan(deck.length);
    expect(record.objectPath).toBe(`/api/images/${record.id}/download`);
    expect(await used(client)).toBe(1);

    const download = await client.get(record.objectPath);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Quarterly review.pptx"');
    expect(download.rawPayload.length).toBe(record.processedSize);
    const names = (await readPackage(download.rawPayload)).map((entry) => entry.name);
    expect(names[0]).toBe('[Content_Types].xml');
    expect(names).toContain('ppt/presentation.xml');

    const history = (await client.get('/api/images/history')).json().items;
    expect(history[0]).toMatchObject({ id: record.id, kind: 'deck', report: record.report });
    // Another person cannot download it.
    const stranger = await person('premium');
    expect((await stranger.get(record.objectPath)).statusCode).toBe(404);
  });

  it('uses the chosen target and refuses an unknown one', async () => {
    const client = await person('premium');
    const print = await deckRequest(client, t.app, deck, 'print.pptx', 'print');
    expect(print.statusCode).toBe(201);
    expect(print.json().report.target).toBe('print');
    const wrong = await deckRequest(client, t.app, deck, 'x.pptx', 'poster');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('target');
  });

  it('refuses registered users and guests with premium_required, using no quota', async () => {
    const registered = await person('registered');
    const refused = await deckRequest(registered, t.app, deck, 'deck.pptx');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('premium_required');
    expect(await used(registered)).toBe(0);

    const guest = visitor(t.app, nextIp());
    await guest.get('/api/session/current');
    const guestAnswer = await deckRequest(guest, t.app, deck, 'deck.pptx');
    expect(guestAnswer.statusCode).toBe(403);
    expect(guestAnswer.json().error.code).toBe('premium_required');
  });

  it('answers hostile and wrong files with 4xx, stays up and charges nothing', async () => {
    const client = await person('premium');
    const cases: [string, Buffer, number, string][] = [
      ['not a zip', await fixture('photo.jpg'), 415, 'unsupported_file_type'],
      ['a zip that is not a deck', await zipOf({ 'readme.txt': 'hello' }), 422, 'invalid_presentation'],
      [
        'an Office package that is not a deck',
        await zipOf({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>' }),
        422,
        'invalid_presentation',
      ],
      ['a zip bomb', await zipBombDeck(deck), 422, 'invalid_presentation'],
      ['a billion-laughs slide', await billionLaughsDeck(deck), 422, 'invalid_presentation'],
      ...(await hiddenDtdDecks(deck)).map(([what, data]): [string, Buffer, number, string] => [what, data, 422, 'invalid_presentation']),
      ['a part named ../escape.xml', await traversalDeck(deck), 422, 'invalid_presentation'],
      ['a cut-off deck', deck.subarray(0, Math.floor(deck.length / 2)), 422, 'invalid_presentation'],
      ['50 MB and one byte', Buffer.alloc(MAX_PRESENTATION_BYTES + 1), 413, 'file_too_large'],
    ];
    expect.assertions(cases.length * 2 + 2);
    for (const [what, data, status, code] of cases) {
      const response = await deckRequest(client, t.app, data, `${what}.pptx`);
      expect({ what, status: response.statusCode }).toEqual({ what, status });
      expect({ what, code: response.json().error.code }).toEqual({ what, code });
    }
    expect((await client.get('/api/health')).statusCode).toBe(200);
    expect(await used(client)).toBe(0);
  }, 180_000);

  it('stops a deck past its time limit with presentation_timeout, using no quota', async () => {
    const slow = await createTestApp(kind, {}, undefined, {
      queueLimits: { concurrency: 1, maxWaiting: 4, wallLimitMsByKind: { deck: 1 } },
    });
    try {
      const { client, userId } = await signedUp(slow.app, nextIp(), `slow-${kind}@example.com`);
      await slow.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
      const response = await deckRequest(client, slow.app, deck, 'slow.pptx');
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('presentation_timeout');
      // The browser quotes the limit in the visitor's language (docs/decisions/0142).
      expect(response.json().error.params).toEqual({ seconds: DECK_TIME_LIMIT_MS / 1000 });
      expect(await used(client)).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it.skipIf(renderMissing || sandbox !== 'ready')(
    'converts a .ppt to a smaller .pptx that LibreOffice opens, and says so in the record',
    async () => {
      const client = await person('premium');
      const ppt = await fixture('decks/field-notes.ppt');
      const response = await deckRequest(client, t.app, ppt, 'Field notes.ppt');
      expect(response.statusCode).toBe(201);
      const record = response.json();
      expect(record).toMatchObject({
        kind: 'deck',
        format: 'pptx',
        originalName: 'Field notes.ppt',
        originalSize: ppt.length,
        report: { convertedFromPpt: true },
      });
      expect(record.processedSize).toBeLessThan(ppt.length);
      expect(await used(client)).toBe(1);

      const download = await client.get(record.objectPath);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
      expect(download.headers['content-disposition']).toBe('attachment; filename="Field notes.pptx"');
      const names = (await readPackage(download.rawPayload)).map((entry) => entry.name);
      expect(names[0]).toBe('[Content_Types].xml');
      expect(names).toContain('ppt/presentation.xml');
      // Both slides of the original open and render.
      const slides = await renderSlides(download.rawPayload);
      expect(slides.length).toBe(2);
      expect(slides[0]!.width).toBe(1280);
    },
    180_000,
  );

  it('explains a .ppt when LibreOffice is missing (415 naming the fix)', async () => {
    const noOffice = await createTestApp(kind, { SOFFICE_PATH: '/nonexistent/soffice' });
    try {
      const { client, userId } = await signedUp(noOffice.app, nextIp(), `ppt-${kind}@example.com`);
      await noOffice.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, userId));
      const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
      const response = await deckRequest(client, noOffice.app, ole, 'old.ppt');
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatchObject({
        code: 'ppt_converter_missing',
        message: expect.stringContaining('libreoffice-impress'),
      });
    } finally {
      await noOffice.close();
    }
  });
});
