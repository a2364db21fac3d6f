import type { SearchDeadline } from './deadline.js';
import { avifQualities, avifQuantizer, encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { fromPixels } from './loaders.js';
import { AVIF_RANGE, AVIF_WITHIN, lookJudge, type Found } from './smart.js';
import type { Verdict } from './search.js';
import type { RawImage } from './ssim.js';

/**
 * `auto`'s lossy finalists judged on the whole photo rather than on the search's mosaic of tiles. AVIF
 * codes the mosaic's seams at a cost JPEG's 16-px-aligned tiles do not pay, so on the sample it looks
 * worse and larger than on the photo: its quality settled 2–5 steps above the oracle's, and on some
 * photos it lost to a JPEG it beats in full (docs/decisions/0139-auto-closer-to-its-ceiling.md).
 */

/** Photos up to this many pixels have AVIF's lower qualities judged whole: each full-size AVIF is ~1 s here. */
export const WHOLE_FINALIST_PIXELS = 6_000_000;
/** Full-size AVIFs judged whole at most, below the sample's verified quality: ~1 s each up to WHOLE_FINALIST_PIXELS (decision 0160). */
export const WHOLE_ENCODES = 5;

/** A choice that comes with its full-size file, which the caller writes as it is. */
export interface WholeChoice extends Found {
  format: EncodedFormat;
  encoded?: Buffer;
}

/**
 * The photo's lossy winner on the sample (`chosen`) against the AVIF verified on the sample (`avif`),
 * both at full size. Up to WHOLE_FINALIST_PIXELS, AVIF at libaom's effort 3 first, from one quantizer
 * below the sample's quality down (atEffort3), then at effort 2 below the sample's quality, or at and
 * below where effort 3 settled when that is lower (lowestWholeQuality; a photo searched whole already
 * has effort 2's), each judged by our four scores with the search's lead on the whole photo; else, and as
 * the rival, effort 2 at the sample's verified quality. The smallest file wins and is returned with its bytes. Past the deadline with nothing verified whole, the
 * sample's winner stands (docs/decisions/0130, 0310, 0302-avif-steps-that-fit-the-deadline.md).
 */
export async function wholeFinalist(
  prepared: RawImage,
  sample: RawImage,
  chosen: WholeChoice,
  avif: Found | null,
  deadline: SearchDeadline,
  /** pngquant's look on the whole photo, held too where `auto` promises it (an upload that arrived lossless, decision 0311). */
  paletteLook?: () => Promise<readonly number[]>,
): Promise<WholeChoice> {
  const searchedWhole = sample === prepared;
  const lossy = chosen.format === 'jpeg' || chosen.format === 'webp' || chosen.format === 'avif';
  if (!avif || !lossy) return chosen;
  if (chosen.format !== 'avif' && avif.bytes > chosen.bytes * AVIF_WITHIN) return chosen;
  if (deadline.passed) return chosen;
  const full = (format: EncodedFormat, quality: number, tuning: EncodeTuning) =>
    encode(fromPixels(prepared), format, quality, tuning).toBuffer();
  // Lower qualities judged whole only where full-size encodes are cheap; larger photos compare at full size alone.
  const judge =
    prepared.width * prepared.height <= WHOLE_FINALIST_PIXELS
      ? await lookJudge(prepared, { sample: prepared, deadline, paletteLook: await paletteLook?.() })
      : null;
  // Judges AVIF at `quality` and `tuning` on the whole photo, keeping each pass in `passed`.
  const wholePasses = (tuning: EncodeTuning, passed: Map<number, WholeChoice>) => async (quality: number) => {
    if (deadline.passed || !judge) return 'hopeless' as const;
    const encoded = await full('avif', quality, tuning);
    const similarity = await judge.looksAsGood(encoded);
    if (similarity !== null) passed.set(quality, { ...avif, tuning, format: 'avif', quality, similarity, bytes: encoded.length, encoded });
    return similarity !== null;
  };
  // Effort 3 before effort 2's own steps: on the tuning photos it went lower more often, and the deadline may leave time for one only (0302).
  const atThree = new Map<number, WholeChoice>();
  const effort3 = judge ? await atEffort3(avif.quality, wholePasses({ ...avif.tuning, avifEffort: 3 }, atThree), atThree) : null;
  // Effort 2's steps from where effort 3 settled when that is below the sample's quality (effort 2 there first: at one quantizer
  // it kept the look where effort 3 did on some tuning photos, in fewer bytes), else from the sample's quality (0302).
  const atTwo = new Map<number, WholeChoice>();
  const passes2 = wholePasses(avif.tuning, atTwo);
  const from = effort3 !== null && effort3.quality < avif.quality ? effort3.quality : avif.quality;
  const lower =
    judge && !searchedWhole && (from === avif.quality || (await passes2(from)) === true)
      ? (atTwo.get(await lowestWholeQuality(from, passes2)) ?? null)
      : null;
  if (deadline.passed && !lower && !effort3) return chosen;
  // Searched whole, the search's own AVIF is already the lowest quality the whole photo keeps at effort 2, with its whole bytes.
  // Past the deadline, effort 3's verified file stands in for it beside a JPEG or WebP winner: one full-size encode fewer (0302).
  const effort2: WholeChoice | null =
    lower ??
    (searchedWhole
      ? { ...avif, format: 'avif' }
      : effort3 && deadline.passed && chosen.format !== 'avif'
        ? null
        : { ...avif, format: 'avif', encoded: await full('avif', avif.quality, avif.tuning) });
  const wholeBytes = (one: WholeChoice) => one.encoded?.length ?? one.bytes;
  const best = effort3 && (!effort2 || wholeBytes(effort3) < wholeBytes(effort2)) ? effort3 : effort2!;
  if (chosen.format === 'avif') return best;
  if (searchedWhole) return wholeBytes(best) < chosen.bytes ? best : chosen;
  const rival = await full(chosen.format, chosen.quality, chosen.tuning);
  return wholeBytes(best) < rival.length ? best : { ...chosen, encoded: rival };
}

/**
 * AVIF at libaom's effort 3 on the whole photo: one quantizer below `quality` (the sample's, at effort 2)
 * and, while that keeps the look, lower as lowestWholeQuality steps; where it misses, `quality` itself;
 * null when that misses too. `passes` keeps each pass in `passed`. Effort 3 writes the look 6–13 % smaller
 * than effort 2 on some tuning photos and up to 8 % larger on others, for about the same CPU: the caller
 * keeps the smaller verified file (docs/decisions/0310-whole-photo-avif-at-effort-3.md). Starting below
 * the sample's quality saves the encode at it wherever the whole photo holds lower, as on 6 of the 9
 * tuning photos it was tried on (docs/decisions/0302).
 */
async function atEffort3(
  quality: number,
  passes: (quality: number) => Promise<Verdict>,
  passed: ReadonlyMap<number, WholeChoice>,
): Promise<WholeChoice | null> {
  const below = avifStepsDown(quality)[0];
  const first = below === undefined ? false : await passes(below);
  if (first === true) return passed.get(await lowestWholeQuality(below!, passes)) ?? null;
  if (first === 'hopeless' || (await passes(quality)) !== true) return null;
  return passed.get(quality) ?? null;
}

/** The AVIF qualities below `quality` down to AVIF_RANGE.low, one per libaom quantizer (the highest quality that gives it), highest first. */
export function avifStepsDown(quality: number): number[] {
  return avifQualities(AVIF_RANGE.low, quality)
    .filter((q) => avifQuantizer(q) !== avifQuantizer(quality))
    .reverse();
}

/**
 * The lowest AVIF quality below `verified` (the sample's) that `passes` on the whole photo, else
 * `verified`, stepping over AVIF's quantizers (avifStepsDown), never twice over one file: one step down
 * first, then twice as far each time it passes (1, 2, 4, 8 … down to AVIF_RANGE.low), then bisection
 * between the last pass and the first miss; at most WHOLE_ENCODES probes. Where one step down misses, as
 * on most tuning photos, that is one full-size encode; where the whole photo holds far lower than the
 * sample, the steps reach it (decision 0160, amending 0139's fixed 2, 4 and 6 steps; quantizers, 0302).
 */
export async function lowestWholeQuality(verified: number, passes: (quality: number) => Promise<Verdict>): Promise<number> {
  const steps = avifStepsDown(verified);
  // Indexes into `steps`: -1 is `verified` itself, steps.length below AVIF's range.
  let lowest = -1;
  let missed = steps.length;
  let probes = 0;
  const probe = async (at: number) => {
    probes++;
    const verdict = await passes(steps[at]!);
    if (verdict === true) lowest = at;
    else missed = at;
    return verdict;
  };
  const quality = () => (lowest < 0 ? verified : steps[lowest]!);
  for (let step = 1; lowest < steps.length - 1 && probes < WHOLE_ENCODES; step *= 2) {
    const verdict = await probe(Math.min(steps.length - 1, step - 1));
    if (verdict === 'hopeless') return quality();
    if (verdict === false) break;
  }
  while (missed - lowest > 1 && probes < WHOLE_ENCODES) {
    if ((await probe((lowest + missed) >> 1)) === 'hopeless') return quality();
  }
  return quality();
}
