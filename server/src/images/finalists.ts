import type { SearchDeadline } from './deadline.js';
import { encode, type EncodedFormat } from './encode.js';
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
 * WHOLE_FINALIST_PIXELS), else at its verified quality; the smaller file wins and is returned with its bytes. Past the deadline, the
 * sample's winner stands (docs/decisions/0130).
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
  if (!avif || !lossy || searchedWhole) return chosen;
  if (chosen.format !== 'avif' && avif.bytes > chosen.bytes * AVIF_WITHIN) return chosen;
  if (deadline.passed) return chosen;
  const full = (format: EncodedFormat, quality: number, found: Found) =>
    encode(fromPixels(prepared), format, quality, found.tuning).toBuffer();
  // Lower qualities judged whole only where full-size encodes are cheap; larger photos compare at full size alone.
  const judge =
    prepared.width * prepared.height <= WHOLE_FINALIST_PIXELS ? await lookJudge(prepared, { sample: prepared, deadline }) : null;
  const passed = new Map<number, WholeChoice>();
  const lowest = judge
    ? await lowestWholeQuality(avif.quality, async (quality) => {
        if (deadline.passed) return 'hopeless';
        const encoded = await full('avif', quality, avif);
        const similarity = await judge.looksAsGood(encoded);
        if (similarity !== null) passed.set(quality, { ...avif, format: 'avif', quality, similarity, bytes: encoded.length, encoded });
        return similarity !== null;
      })
    : avif.quality;
  const lower = passed.get(lowest) ?? null;
  if (deadline.passed && !lower) return chosen;
  const avifFull = lower ?? { ...avif, format: 'avif' as const, encoded: await full('avif', avif.quality, avif) };
  if (chosen.format === 'avif') return avifFull;
  const rival = await full(chosen.format, chosen.quality, chosen);
  return avifFull.encoded!.length < rival.length ? avifFull : { ...chosen, encoded: rival };
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
