import type { SearchDeadline } from './deadline.js';
import { encode, type EncodedFormat, type EncodeTuning } from './encode.js';
import { fromPixels } from './loaders.js';
import { AVIF_RANGE, lookJudge, type Found } from './smart.js';
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
/** AVIF's sample bytes at most this many times the winner's: further behind, the whole photo does not turn it round. */
const AVIF_WITHIN = 1.5;
/** Full-size AVIFs judged whole at most, below the sample's verified quality: ~1 s each up to WHOLE_FINALIST_PIXELS (decision 0160). */
export const WHOLE_ENCODES = 5;

/** A choice that comes with its full-size file, which the caller writes as it is. */
export interface WholeChoice extends Found {
  format: EncodedFormat;
  encoded?: Buffer;
}

/**
 * The photo's lossy winner on the sample (`chosen`) against the AVIF verified on the sample (`avif`),
 * both at full size: AVIF at the lowest quality below the sample's that the whole photo keeps at the
 * look (our four scores, with the search's lead, on the whole photo; lowestWholeQuality, up to
 * WHOLE_FINALIST_PIXELS), else at its verified quality; then, up to WHOLE_FINALIST_PIXELS, AVIF at
 * libaom's effort 3 from that quality down (atEffort3), also for a photo searched whole; the smallest
 * file wins and is returned with its bytes. Past the deadline, the sample's winner stands
 * (docs/decisions/0130, 0310).
 */
export async function wholeFinalist(
  prepared: RawImage,
  sample: RawImage,
  chosen: WholeChoice,
  avif: Found | null,
  deadline: SearchDeadline,
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
    prepared.width * prepared.height <= WHOLE_FINALIST_PIXELS ? await lookJudge(prepared, { sample: prepared, deadline }) : null;
  // Judges AVIF at `quality` and `tuning` on the whole photo, keeping each pass in `passed`.
  const wholePasses = (tuning: EncodeTuning, passed: Map<number, WholeChoice>) => async (quality: number) => {
    if (deadline.passed || !judge) return 'hopeless' as const;
    const encoded = await full('avif', quality, tuning);
    const similarity = await judge.looksAsGood(encoded);
    if (similarity !== null) passed.set(quality, { ...avif, tuning, format: 'avif', quality, similarity, bytes: encoded.length, encoded });
    return similarity !== null;
  };
  // Searched whole, the search's own AVIF is already the lowest quality the whole photo keeps at effort 2.
  let avifFull: WholeChoice = { ...avif, format: 'avif' };
  if (!searchedWhole) {
    const passed = new Map<number, WholeChoice>();
    const lowest = judge ? await lowestWholeQuality(avif.quality, wholePasses(avif.tuning, passed)) : avif.quality;
    const lower = passed.get(lowest) ?? null;
    if (deadline.passed && !lower) return chosen;
    avifFull = lower ?? { ...avif, format: 'avif', encoded: await full('avif', avif.quality, avif.tuning) };
  }
  const atThree = new Map<number, WholeChoice>();
  const effort3 = judge ? await atEffort3(avifFull.quality, wholePasses({ ...avif.tuning, avifEffort: 3 }, atThree), atThree) : null;
  const wholeBytes = (one: WholeChoice) => one.encoded?.length ?? one.bytes;
  const best = effort3 && wholeBytes(effort3) < wholeBytes(avifFull) ? effort3 : avifFull;
  if (chosen.format === 'avif') return best;
  if (searchedWhole) return wholeBytes(best) < chosen.bytes ? best : chosen;
  const rival = await full(chosen.format, chosen.quality, chosen.tuning);
  return wholeBytes(best) < rival.length ? best : { ...chosen, encoded: rival };
}

/**
 * AVIF at libaom's effort 3 on the whole photo, from `quality` (where effort 2 settled) down as
 * lowestWholeQuality steps: the lowest that keeps the look, or null when `quality` misses at effort 3
 * already. `passes` keeps each pass in `passed`. Effort 3 writes the look 6–13 % smaller than effort 2
 * on some tuning photos and up to 8 % larger on others, for about the same CPU: the caller keeps the
 * smaller verified file (docs/decisions/0310-whole-photo-avif-at-effort-3.md).
 */
async function atEffort3(
  quality: number,
  passes: (quality: number) => Promise<Verdict>,
  passed: ReadonlyMap<number, WholeChoice>,
): Promise<WholeChoice | null> {
  if ((await passes(quality)) !== true) return null;
  return passed.get(await lowestWholeQuality(quality, passes)) ?? null;
}

/**
 * The lowest AVIF quality below `verified` (the sample's) that `passes` on the whole photo, else
 * `verified`: one step down first, then twice as far each time it passes (1, 2, 4, 8 … down to
 * AVIF_RANGE.low), then bisection between the last pass and the first miss; at most WHOLE_ENCODES
 * probes. Where one step down misses, as on every tuning photo, that is one full-size encode; where the
 * whole photo holds far lower than the sample, the steps reach it (decision 0160, amending 0139's
 * fixed 2, 4 and 6 steps).
 */
export async function lowestWholeQuality(verified: number, passes: (quality: number) => Promise<Verdict>): Promise<number> {
  let lowest = verified;
  let missed = AVIF_RANGE.low - 1;
  let probes = 0;
  const probe = async (quality: number) => {
    probes++;
    const verdict = await passes(quality);
    if (verdict === true) lowest = quality;
    else missed = quality;
    return verdict;
  };
  for (let step = 1; lowest > AVIF_RANGE.low && probes < WHOLE_ENCODES; step *= 2) {
    const verdict = await probe(Math.max(AVIF_RANGE.low, verified - step));
    if (verdict === 'hopeless') return lowest;
    if (verdict === false) break;
  }
  while (lowest - missed > 1 && probes < WHOLE_ENCODES) {
    if ((await probe((lowest + missed) >> 1)) === 'hopeless') return lowest;
  }
  return lowest;
}
