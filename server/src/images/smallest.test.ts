import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { SearchDeadline } from './deadline.js';
import { avifQualities, avifQuantizer, encode, type EncodedFormat } from './encode.js';
import { avifStepsDown, lowestWholeQuality, wholeFinalist, WHOLE_ENCODES } from './finalists.js';
import { inspectImage } from './inspect.js';
import { decodePixels, fromPixels } from './loaders.js';
import { lookScores } from './look.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { pngquantPalette } from './pngquant.js';
import { SEARCH_STRIDE, smartTuning } from './search.js';
import { lookJudge, lossySettings } from './smart.js';
import { pngquantReference } from './smart-png.js';
import { luma, overWhite, ssim } from './ssim.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const premium: EncodedFormat[] = ['jpeg', 'png', 'webp', 'avif'];
const guest: EncodedFormat[] = ['jpeg', 'png', 'webp'];
const auto: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'auto',
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};

async function smallest(name: string, autoFormats: EncodedFormat[], options: Partial<OptimiseOptions> = {}) {
  const data = await readFile(path.join(fixtures, name));
  const result = await optimiseImage(data, await inspectImage(data), { ...auto, autoFormats, ...options });
  return { data, result, meta: await sharp(result.data, { animated: true }).metadata() };
}

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

/**
 * The photo at 160 px, its colours muted and a fine grain added (a fixed sequence): a photo on which pngquant's dithered palette
 * keeps the grain q75's JPEG smooths away, and AVIF can still reach pngquant's look.
 */
async function grainyPhoto(): Promise<Buffer> {
  const { data, info } = await sharp(path.join(fixtures, 'photo.jpg'))
    .resize(160)
    .modulate({ saturation: 0.3 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < data.length; i += info.channels) {
    const grain = (next() + next() + next() - 1.5) * 3;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(data[i + c]! + grain)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
}

const formatOf = (meta: Metadata) => (meta.format === 'heif' ? 'avif' : meta.format);

// Up to three format searches per image: generous time on a shared CI machine.
describe("'Smallest format' (auto)", { timeout: 120_000 }, () => {
  it('gives a photo one of the plan’s photo formats, as close to the original as libjpeg-turbo q75 in colour and in luma', async () => {
    const { data, result, meta } = await smallest('photo.jpg', premium);
    expect(['jpeg', 'webp', 'avif']).toContain(formatOf(meta));
    expect(formatOf(meta)).toBe(result.format);
    const original = await pixels(data);
    const decoded = await pixels(result.data);
    const turbo = await pixels(await sharp(data).jpeg({ quality: 75 }).toBuffer());
    expect(ssim(original, decoded)).toBeGreaterThanOrEqual(ssim(original, turbo) - 0.002);
    expect(ssim(luma(original), luma(decoded))).toBeGreaterThanOrEqual(ssim(luma(original), luma(turbo)) - 0.002);
  });

  it('never gives a guest AVIF', async () => {
    const { meta } = await smallest('photo.jpg', guest);
    expect(['jpeg', 'webp']).toContain(formatOf(meta));
  });

  it('keeps transparency: never JPEG for an image with alpha', async () => {
    const { meta } = await smallest('alpha.png', premium);
    expect(formatOf(meta)).not.toBe('jpeg');
    expect(meta.hasAlpha).toBe(true);
  });

  it('gives a photo that a palette could hold its JPEG when that is smaller, not a palette PNG', async () => {
    // A smooth photo at 160 px: a 256-colour palette reaches SSIM 0.985, yet its PNG is several times the JPEG.
    const photo = await sharp(path.join(fixtures, 'photo.jpg')).resize(160).png().toBuffer();
    const result = await optimiseImage(photo, await inspectImage(photo), { ...auto, autoFormats: guest });
    expect(['jpeg', 'webp']).toContain(result.format);
  });

  it('keeps a text graphic at least as close to the original as smart PNG’s palette would (SSIM 0.985)', async () => {
    // At libjpeg-turbo q75's look alone, lossy WebP blurred this scan to SSIM ~0.94.
    const { data, result } = await smallest('text.png', premium);
    expect(ssim(await pixels(data), await pixels(result.data))).toBeGreaterThanOrEqual(0.985);
  });

  it('keeps a JPEG photo that a palette could hold at the photo look: never larger than libjpeg-turbo q75', async () => {
    // The 160-px photo of the test above, uploaded as a JPEG: the palette bar would need a far higher quality.
    const photo = await sharp(path.join(fixtures, 'photo.jpg')).resize(160).jpeg({ quality: 95 }).toBuffer();
    const result = await optimiseImage(photo, await inspectImage(photo), { ...auto, autoFormats: premium });
    const turbo = await sharp(photo).jpeg({ quality: 75 }).toBuffer();
    expect(result.data.length).toBeLessThanOrEqual(turbo.length);
  });

  it.each([
    ['the 160-px photo', () => sharp(path.join(fixtures, 'photo.jpg')).resize(160).png().toBuffer()],
    ['a grainy photo', grainyPhoto],
  ])(
    'holds a PNG photo to at least pngquant’s look on every score, in fewer bytes than pngquant’s own file: %s (decision 0311)',
    async (_, made) => {
      // On small photos pngquant's dithered palette looks closer than libjpeg-turbo q75's JPEG: held to q75's look alone, `auto`
      // gave an AVIF below pngquant's look. A PNG upload is promised the look TinyPNG (pngquant) would give it.
      const photo = await made();
      const result = await optimiseImage(photo, await inspectImage(photo), { ...auto, autoFormats: premium }, SearchDeadline.none());
      const original = await decodePixels(photo);
      const pngquant = await pngquantPalette(original);
      expect(pngquant).not.toBeNull();
      expect(result.data.length).toBeLessThan(pngquant!.length);
      const look = await lookScores(original, Math.max(original.width, original.height), SEARCH_STRIDE);
      const scores = async (encoded: Buffer) => {
        const found: number[] = [];
        for await (const score of look.scores(await decodePixels(encoded))) found.push(score);
        return found;
      };
      const reference = await scores(pngquant!);
      (await scores(result.data)).forEach((score, i) => expect(score).toBeGreaterThanOrEqual(reference[i]!));
    },
  );

  it('gives back the upload itself, in its own format, when nothing it wrote is smaller (decision 0161)', async () => {
    // A lossy WebP of a text scan, searched with no time left: the fallback, lossless PNG, is many times the upload.
    const upload = await sharp(path.join(fixtures, 'text.png')).webp({ quality: 30 }).toBuffer();
    const cutShort = new SearchDeadline(0, () => 1);
    const result = await optimiseImage(upload, await inspectImage(upload), { ...auto, autoFormats: premium }, cutShort);
    expect(result).toMatchObject({ format: 'webp', alreadyOptimal: true, similarity: 1 });
    expect(result.data.length).toBeLessThanOrEqual(upload.length);
    expect(ssim(await pixels(upload), await pixels(result.data))).toBe(1);
  });

  it('writes a graphic’s verified palette as lossless WebP when that is smaller than its PNG, at the palette’s look (decision 0292)', async () => {
    // A flat drawing with smooth edges, 512 px: its palette PNG 3,355 bytes, the same palette's pixels 2,300 as lossless WebP. (The
    // transparent tux was the example here until decision 0300 held `auto` to pngquant's real look, where lossy WebP wins on it.)
    const data = await readFile(path.join(fixtures, 'drawing.png'));
    const info = await inspectImage(data);
    const png = await optimiseImage(data, info, { ...auto, autoFormats: ['png'] }, SearchDeadline.none());
    const result = await optimiseImage(data, info, { ...auto, autoFormats: guest }, SearchDeadline.none());
    expect(result.format).toBe('webp');
    expect(result.data.length).toBeLessThan(png.data.length);
    // The very pixels of a palette: at most 256 colours, and as close to the original as the palette PNG.
    const colours = async (image: Buffer) => {
      const { data: raw, info: decoded } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const seen = new Set<number>();
      for (let i = 0; i < raw.length; i += decoded.channels) seen.add(raw.readUInt32BE(i));
      return seen.size;
    };
    expect(await colours(data)).toBeGreaterThan(256);
    expect(await colours(result.data)).toBeLessThanOrEqual(256);
    const original = await pixels(data);
    expect(ssim(original, await pixels(result.data))).toBeGreaterThanOrEqual(ssim(original, await pixels(png.data)) - 0.001);
  });

  it.each([
    ['alpha.png', premium],
    ['alpha.png', guest],
    ['text.png', guest],
    ['cutout.png', guest],
  ])('is never larger than smart PNG of the same upload: %s, formats %j (decision 0300)', async (name, autoFormats) => {
    // pngquant's own palette, smart PNG's candidate, is `auto`'s too: the transparent tux was 13,364 bytes against smart PNG's 12,667.
    const data = await readFile(path.join(fixtures, name));
    const info = await inspectImage(data);
    const png = await optimiseImage(data, info, { ...auto, format: 'png' }, SearchDeadline.none());
    const result = await optimiseImage(data, info, { ...auto, autoFormats }, SearchDeadline.none());
    expect(result.data.length).toBeLessThanOrEqual(png.data.length);
  });

  it('leaves an image of 256 colours or fewer its own colours in WebP: no second palette over the first', async () => {
    // The tinify example compressed, then converted: a palette of its palette took ssim.js 0.9996 to 0.9994 (decision 0292).
    const data = await readFile(path.join(fixtures, 'screenshot.png'));
    const result = await optimiseImage(data, await inspectImage(data), { ...auto, autoFormats: ['webp'] }, SearchDeadline.none());
    expect(result.format).toBe('webp');
    expect(ssim(await pixels(data), await pixels(result.data))).toBe(1);
  });

  it('keeps every frame of an animation', async () => {
    const { meta } = await smallest('animated.gif', guest);
    expect(meta).toMatchObject({ format: 'webp', pages: 24 });
  });
});

describe("auto's AVIF finalist on the whole photo (decision 0160)", () => {
  /** The qualities probed by lowestWholeQuality when the whole photo holds every quality from `holds` up, and what it returns. */
  async function steps(verified: number, holds: number) {
    const probed: number[] = [];
    const lowest = await lowestWholeQuality(verified, async (quality) => {
      probed.push(quality);
      return quality >= holds;
    });
    return { probed, lowest };
  }

  it('costs one full-size encode where one step below the sample misses, as on every tuning photo', async () => {
    expect(await steps(84, 84)).toEqual({ probed: [83], lowest: 84 });
  });

  it('reaches far below the sample, doubling its step, then bisects between the last pass and the first miss', async () => {
    // Steps are libaom's quantizers below 84 (decision 0302): 83, 81, 80, 78, 76, 75, 73, 72 … (82 writes 83's file, 79 80's, 77 78's).
    // The whole photo holds 73: 83, 81 and 78 pass, 72 misses, 75 passes, and the five probes are spent.
    expect(await steps(84, 73)).toEqual({ probed: [83, 81, 78, 72, 75], lowest: 75 });
    expect(await steps(84, 77)).toEqual({ probed: [83, 81, 78, 72, 75], lowest: 78 });
    expect(await steps(84, 82)).toEqual({ probed: [83, 81], lowest: 83 });
  });

  it(`judges at most ${WHOLE_ENCODES} qualities and never goes below AVIF's range`, async () => {
    const { probed, lowest } = await steps(30, 0);
    expect(probed).toEqual([29, 27, 24, 21]);
    // 21 writes the very file 20 does, the bottom of AVIF_RANGE.
    expect(lowest).toBe(21);
    expect((await steps(90, 0)).probed).toHaveLength(WHOLE_ENCODES);
  });

  it('never encodes one file twice: qualities that share a libaom quantizer write the very same AVIF', async () => {
    const data = await readFile(path.join(fixtures, 'photo.jpg'));
    const pixels = await sharp(data).resize(320).raw().toBuffer({ resolveWithObject: true });
    const avifAt = (quality: number, avifEffort: number) =>
      encode(
        fromPixels({ data: pixels.data, width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels }),
        'avif',
        quality,
        {
          ...smartTuning(pixels.info),
          avifEffort,
        },
      ).toBuffer();
    const sizes: string[] = [];
    for (const effort of [2, 3]) {
      const [q78, q77, q76] = await Promise.all([avifAt(78, effort), avifAt(77, effort), avifAt(76, effort)]);
      expect(avifQuantizer(78)).toBe(avifQuantizer(77));
      expect(q77.equals(q78)).toBe(true);
      expect(avifQuantizer(76)).not.toBe(avifQuantizer(77));
      expect(q76.equals(q77)).toBe(false);
      sizes.push(`${q78.length}/${q76.length}`);
    }
    expect(sizes).toHaveLength(2);
    expect(avifStepsDown(80).slice(0, 3)).toEqual([78, 76, 75]);
    // The sample's search walks one quality per quantizer too: every quantizer from 92's to 20's once, 92 itself included.
    const qualities = avifQualities(20, 92);
    const quantizers = qualities.map(avifQuantizer);
    expect(new Set(quantizers).size).toBe(qualities.length);
    expect(quantizers.length).toBe(avifQuantizer(20) - avifQuantizer(92) + 1);
    expect(qualities.at(-1)).toBe(92);
  });

  it('keeps pngquant’s look on the whole photo where `auto` holds an upload to it (decision 0311)', async () => {
    // A grainy photo saved as PNG, searched whole: AVIF verified at the higher of q75's and pngquant's looks (q81), then stepped
    // down on the whole photo. Judged whole at q75's look alone, the steps went to q65, below pngquant's look.
    const prepared = await decodePixels(await grainyPhoto());
    const held = await pngquantReference(prepared, prepared).measured();
    expect(held).not.toBeNull();
    const judge = await lookJudge(prepared, { sample: prepared, paletteLook: held!.look });
    const avif = await lossySettings(judge, 'avif', 60, smartTuning(prepared));
    expect(avif).not.toBeNull();
    const result = await wholeFinalist(prepared, prepared, { ...avif!, format: 'avif' }, avif, SearchDeadline.none(), held!.wholeLook);
    const file = result.encoded ?? (await encode(fromPixels(prepared), 'avif', result.quality, result.tuning).toBuffer());
    const look = await lookScores(prepared, Math.max(prepared.width, prepared.height), SEARCH_STRIDE);
    const reference = await held!.wholeLook();
    let i = 0;
    for await (const score of look.scores(await decodePixels(file))) expect(score).toBeGreaterThanOrEqual(reference[i++]!);
    expect(i).toBe(reference.length);
  });

  it('stops at the deadline with the lowest quality verified so far', async () => {
    const probed: number[] = [];
    const lowest = await lowestWholeQuality(84, async (quality) => {
      probed.push(quality);
      return probed.length < 3 ? true : 'hopeless';
    });
    expect({ probed, lowest }).toEqual({ probed: [83, 81, 78], lowest: 81 });
  });
});
