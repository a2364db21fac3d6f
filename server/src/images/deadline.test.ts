import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEARCH_CPU_MS, SEARCH_WALL_MS, SearchDeadline } from './deadline.js';
import type { EncodedFormat } from './encode.js';
import { inspectImage } from './inspect.js';
import { JOB_TIME_LIMIT_MS, JOB_WALL_LIMIT_MS } from './limits.js';
import { fixture } from './test-fixtures.js';
import { optimiseImage, type OptimiseOptions } from './optimise.js';
import { luma, overWhite, ssim } from './ssim.js';
import { transformImage } from './transform.js';

const premium: EncodedFormat[] = ['jpeg', 'png', 'webp', 'avif'];
const smart: OptimiseOptions = {
  width: null,
  height: null,
  maintainRatio: true,
  format: 'jpeg',
  quality: 'smart',
  maxBytes: null,
  keepMetadata: false,
};

/** A deadline on a clock that moves one tick each time a search asks: it passes at the search's `checks`+1-th question. */
const afterChecks = (checks: number) => {
  let tick = 0;
  return new SearchDeadline(checks, () => tick++);
};
/** A deadline that had already passed when the job started (the decode took all the time). */
const alreadyPassed = () => new SearchDeadline(0, () => 1);

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return overWhite({ data: raw, width: info.width, height: info.height, channels: info.channels });
}

/** The result's colour and luma SSIM against the original, and libjpeg-turbo q75's: the look smart mode promises. */
async function looks(original: Buffer, result: Buffer) {
  const source = await pixels(original);
  const ours = await pixels(result);
  const turbo = await pixels(await sharp(original).jpeg({ quality: 75 }).toBuffer());
  return {
    colour: ssim(source, ours),
    luma: ssim(luma(source), luma(ours)),
    turboColour: ssim(source, turbo),
    turboLuma: ssim(luma(source), luma(turbo)),
  };
}

describe("a job's search deadline counts CPU time and the clock (decision 0158)", () => {
  /** Two hand-moved clocks, as the job process's CPU time and the wall clock. */
  const clocks = () => {
    const at = { cpu: 1000, wall: 5000 };
    return { at, deadline: SearchDeadline.forJob({ cpuMs: () => at.cpu, wallMs: () => at.wall }) };
  };

  it('passes once the job process has used SEARCH_CPU_MS, whatever the clock says', () => {
    const { at, deadline } = clocks();
    at.cpu += SEARCH_CPU_MS - 1;
    expect(deadline.passed).toBe(false);
    at.cpu += 1;
    expect(deadline.passed).toBe(true);
    expect(deadline.outcome).toBe('cut short');
  });

  it('passes after SEARCH_WALL_MS by the clock for a process that got little CPU, and stays passed', () => {
    const { at, deadline } = clocks();
    at.cpu += 10;
    at.wall += SEARCH_WALL_MS - 1;
    expect(deadline.passed).toBe(false);
    expect(deadline.outcome).toBe('complete');
    at.wall += 1;
    expect(deadline.passed).toBe(true);
    at.wall -= SEARCH_WALL_MS;
    expect(deadline.passed).toBe(true);
  });

  it('leaves the search room below the job limit on both clocks', () => {
    expect(SEARCH_CPU_MS).toBeLessThan(JOB_TIME_LIMIT_MS / 2);
    expect(SEARCH_WALL_MS).toBeLessThan(JOB_WALL_LIMIT_MS / 2);
  });
});

describe('a search that runs out of time', { timeout: 120_000 }, () => {
  it('answers with libjpeg-turbo q75 itself when the time is up before the first probe, and says the search was cut short', async () => {
    const photo = await fixture('photo.jpg');
    const result = await optimiseImage(photo, await inspectImage(photo), smart, alreadyPassed());
    expect(result).toMatchObject({ format: 'jpeg', quality: 75, search: 'cut short' });
    const look = await looks(photo, result.data);
    expect(look.colour).toBeGreaterThanOrEqual(look.turboColour - 0.0005);
    expect(look.luma).toBeGreaterThanOrEqual(look.turboLuma - 0.0005);
    expect(result.data.length).toBeLessThanOrEqual((await sharp(photo).jpeg({ quality: 75 }).toBuffer()).length);
  });

  it('stops mid-search with the best setting it has verified, never below the reference look', async () => {
    const photo = await fixture('photo.jpg');
    const info = await inspectImage(photo);
    const complete = await optimiseImage(photo, info, smart, SearchDeadline.none());
    const cut = await optimiseImage(photo, info, smart, afterChecks(3));
    expect(complete.search).toBe('complete');
    expect(cut.search).toBe('cut short');
    const look = await looks(photo, cut.data);
    expect(look.colour).toBeGreaterThanOrEqual(look.turboColour - 0.0005);
    expect(look.luma).toBeGreaterThanOrEqual(look.turboLuma - 0.0005);
    // Fewer probes cannot find a smaller verified file than the whole search.
    expect(cut.data.length).toBeGreaterThanOrEqual(complete.data.length);
  });

  it("gives 'smallest format' a photo's reference JPEG, and a graphic a file at least at the palette look", async () => {
    const photo = await fixture('photo.jpg');
    const auto = { ...smart, format: 'auto' as const, autoFormats: premium };
    const photoResult = await optimiseImage(photo, await inspectImage(photo), auto, alreadyPassed());
    expect(photoResult).toMatchObject({ format: 'jpeg', quality: 75, search: 'cut short' });
    // Cut while AVIF is searched (checks 12–18 here; JPEG's are 1–11, WebP's follow): JPEG's verified setting, the quickest to write in full.
    const later = await optimiseImage(photo, await inspectImage(photo), auto, afterChecks(15));
    expect(later).toMatchObject({ format: 'jpeg', search: 'cut short' });

    const text = await fixture('text.png');
    for (const deadline of [alreadyPassed(), afterChecks(2)]) {
      const graphic = await optimiseImage(text, await inspectImage(text), auto, deadline);
      expect(graphic.search).toBe('cut short');
      expect(ssim(await pixels(text), await pixels(graphic.data))).toBeGreaterThanOrEqual(0.985);
    }
  });

  it('keeps a transparent image transparent when cut short', async () => {
    const alpha = await fixture('alpha.png');
    const result = await optimiseImage(
      alpha,
      await inspectImage(alpha),
      { ...smart, format: 'auto', autoFormats: premium },
      alreadyPassed(),
    );
    expect(result.search).toBe('cut short');
    expect((await sharp(result.data).metadata()).hasAlpha).toBe(true);
  });

  it('has no search to report for a fixed quality', async () => {
    const photo = await fixture('photo.jpg');
    const result = await optimiseImage(photo, await inspectImage(photo), { ...smart, quality: 75 }, alreadyPassed());
    expect(result.search).toBeNull();
  });

  it('runs an API conversion to several formats as one search, cut short like the others', async () => {
    const photo = await fixture('photo.jpg');
    const request = {
      data: photo,
      info: await inspectImage(photo),
      resize: { width: null, height: null, maintainRatio: true },
      crop: null,
      background: null,
    };
    const result = await transformImage({ ...request, formats: premium }, alreadyPassed());
    expect(result).toMatchObject({ format: 'jpeg', quality: 75, search: 'cut short' });
  });
});

describe('a target size that runs out of time', { timeout: 120_000 }, () => {
  const photo = () => fixture('photo.jpg');
  const fixed = { ...smart, quality: 75 };

  it('keeps the best fit it has found when the deadline passes mid-search, and says it was cut short', async () => {
    const data = await photo();
    const info = await inspectImage(data);
    const maxBytes = 20_000;
    const complete = await optimiseImage(data, info, { ...fixed, maxBytes }, SearchDeadline.none());
    expect(complete.search).toBe('complete');
    // The first probe (quality 40) fits; the deadline then stops the walk upwards.
    const cut = await optimiseImage(data, info, { ...fixed, maxBytes }, afterChecks(1));
    expect(cut.search).toBe('cut short');
    expect(cut.data.length).toBeLessThanOrEqual(maxBytes);
    expect(cut.quality).toBeLessThanOrEqual(complete.quality);
    expect(cut.similarity).toBeGreaterThan(0);
  });

  it('answers with the closest file instead of 422 when nothing fitting was found in time', async () => {
    const data = await photo();
    const info = await inspectImage(data);
    const q75 = await optimiseImage(data, info, fixed, SearchDeadline.none());
    const result = await optimiseImage(data, info, { ...fixed, maxBytes: 500 }, alreadyPassed());
    expect(result).toMatchObject({ format: 'jpeg', quality: 75, search: 'cut short' });
    expect(result.data.length).toBe(q75.data.length);
    // One probe in time: the smaller of it and q75, still above the target.
    const closer = await optimiseImage(data, info, { ...fixed, maxBytes: 500 }, afterChecks(1));
    expect(closer.search).toBe('cut short');
    expect(closer.quality).toBeLessThan(75);
    expect(closer.data.length).toBeLessThan(q75.data.length);
  });

  it('still says 422 when the whole search ran and no setting reaches the target', async () => {
    const data = await photo();
    await expect(optimiseImage(data, await inspectImage(data), { ...fixed, maxBytes: 500 }, SearchDeadline.none())).rejects.toMatchObject({
      code: 'target_unreachable',
    });
  });

  it('reports a target size met at the first encode as a complete search', async () => {
    const data = await photo();
    const result = await optimiseImage(data, await inspectImage(data), { ...fixed, maxBytes: 10_000_000 }, alreadyPassed());
    expect(result.search).toBe('complete');
  });
});
