import { beforeAll, describe, expect, it } from 'vitest';
import { entriesOf, manyPartsDeck, realisticDeck, structuralProblems, zipOf } from '../../test/decks.js';
import { fixture } from '../../test/helpers.js';
import { renderSlides, renderToolsMissing, slideSimilarity } from '../../test/render.js';
import { optimiseDeck } from './optimise-deck.js';
import { readPackage } from './zip.js';

const missing = await renderToolsMissing();
if (missing && process.env.CI) throw new Error(`LibreOffice and poppler are required on CI: ${missing}`);
if (missing) console.warn(`Skipping the rendering checks: ${missing}`);

describe('the deck optimiser', () => {
  let realistic: Buffer;
  beforeAll(async () => {
    realistic = await realisticDeck();
  });

  it('makes a realistic deck far smaller: pictures resized to their use, the PNG photo converted, every reference updated', async () => {
    const result = await optimiseDeck(realistic, 'screen');
    expect(result.alreadyOptimal).toBe(false);
    expect(result.data.length).toBeLessThan(realistic.length * 0.35);
    expect(result.counts).toMatchObject({ pictures: 5, leftAlone: 0, linked: 0, vector: 0, audioVideo: 0, unusedDropped: 0 });
    expect(result.counts.resized).toBeGreaterThanOrEqual(2);
    expect(result.counts.converted).toBeGreaterThanOrEqual(1);
    // pptxgenjs declares content types for masters it never writes; the optimiser adds no problem of its own.
    expect(await structuralProblems(result.data)).toEqual(await structuralProblems(realistic));
    const names = (await readPackage(result.data)).map((entry) => entry.name);
    // The photo stored as PNG is now a JPEG, under a name that says so.
    expect(names).toContain('ppt/media/image-2-2.jpeg');
    expect(names).not.toContain('ppt/media/image-2-2.png');
    // Entry order is kept, apart from the renamed media in their own places.
    const before = (await readPackage(realistic)).map((entry) => entry.name.replace('image-2-2.png', 'image-2-2.jpeg'));
    expect(names.filter((name) => before.includes(name))).toEqual(before.filter((name) => names.includes(name)));
  }, 180_000);

  it('keeps a transparent graphic as PNG and drops media nothing refers to', async () => {
    const entries = await entriesOf(await fixture('decks/libreoffice5.pptx'));
    const deck = await zipOf({ ...entries, 'ppt/media/orphan.png': await fixture('alpha.png') });
    const result = await optimiseDeck(deck, 'screen');
    expect(result.counts.unusedDropped).toBe(1);
    const names = (await readPackage(result.data)).map((entry) => entry.name);
    expect(names).not.toContain('ppt/media/orphan.png');
    expect(names.filter((name) => name.startsWith('ppt/media/')).every((name) => name.endsWith('.png'))).toBe(true);
    expect(await structuralProblems(result.data)).toEqual([]);
  });

  it('gives the upload back when it cannot be made smaller', async () => {
    const once = await optimiseDeck(await fixture('decks/officer-example.pptx'), 'smallest');
    const twice = await optimiseDeck(once.data, 'smallest');
    expect(twice.data.length).toBeLessThanOrEqual(once.data.length);
    if (twice.alreadyOptimal) expect(twice.data.equals(once.data)).toBe(true);
  });

  it('refuses from the central directory a deck of too many parts, and one of too much markup unpacked', async () => {
    await expect(readPackage(await manyPartsDeck(5_000, 10))).rejects.toMatchObject({
      code: 'invalid_presentation',
      message: expect.stringContaining('too many parts'),
    });
    // 70 parts of ~1 MB of XML: each under the ratio check's floor, together past the markup limit.
    await expect(readPackage(await manyPartsDeck(70, 1_000_000))).rejects.toMatchObject({
      code: 'invalid_presentation',
      message: expect.stringContaining('markup'),
    });
    // The same markup in fewer parts opens.
    expect((await readPackage(await manyPartsDeck(20, 1_000_000))).length).toBeGreaterThan(20);
  }, 60_000);

  it('refuses a package with too many parts or a part that inflates too far', async () => {
    const deck = await fixture('decks/libreoffice5.pptx');
    await expect(
      readPackage(deck, { entries: 3, entryBytes: 1e9, totalBytes: 1e9, markupBytes: 1e9, ratio: 1e9, ratioFloorBytes: 0 }),
    ).rejects.toMatchObject({
      code: 'invalid_presentation',
    });
    await expect(
      readPackage(deck, { entries: 1e4, entryBytes: 1e9, totalBytes: 1e9, markupBytes: 1e9, ratio: 2, ratioFloorBytes: 0 }),
    ).rejects.toMatchObject({
      code: 'invalid_presentation',
    });
  });

  describe.skipIf(missing)('as LibreOffice shows it', () => {
    it.each([
      ['the realistic deck', () => realisticDeck()],
      ['a LibreOffice 5 export', () => fixture('decks/libreoffice5.pptx')],
      ['a Mac PowerPoint deck', () => fixture('decks/officer-example.pptx')],
    ])(
      '%s keeps every slide at SSIM ≥ 0.98 (1280 px wide)',
      async (_name, load) => {
        const deck = await load();
        const result = await optimiseDeck(deck, 'screen');
        const [before, after] = await Promise.all([renderSlides(deck), renderSlides(result.data)]);
        expect(before.length).toBeGreaterThan(0);
        const scores = slideSimilarity(before, after);
        expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.98);
      },
      180_000,
    );
  });
});
