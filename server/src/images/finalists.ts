import type { SearchDeadline } from './deadline.js';
import { encode, type EncodedFormat } from './encode.js';
import { fromPixels } from './loaders.js';
import { lookJudge, type Found } from './smart.js';
import type { RawImage } from './ssim.js';

/**
 * `auto`'s lossy finalists judged on the whole photo rather than on the search's mosaic of tiles. AVIF
 * codes the mosaic's seams at a cost JPEG's 16-px-aligned tiles do not pay, so on the sample it looks
 * worse and larger than on the photo: its quality settled 2–5 steps above the oracle's, and on some
 * photos it lost to a JPEG it beats in full (docs/decisions/0139-auto-closer-to-its-ceiling.md).
 */

/** Photos up to this many pixels have AVIF's lower qualities judged whole: each full-size AVIF is ~1 s here, so two more stay within the speed target. */
export const WHOLE_FINALIST_PIXELS = 6_000_000;
/** AVIF's sample bytes at most this many times the winner's: further behind, the whole photo does not turn it round. */
const AVIF_WITHIN = 1.5;
/** AVIF qualities below the sample's verified one tried on the whole photo, by bisection: ~1.6 quality steps make one quantiser step. */
const AVIF_STEPS_DOWN = [6, 4, 2];

/** A choice that comes with its full-size file, which the caller writes as it is. */
export interface WholeChoice extends Found {
  format: EncodedFormat;
  encoded?: Buffer;
}

/**
 * The photo's lossy winner on the sample (`chosen`) against the AVIF verified on the sample (`avif`),
 * both at full size: AVIF a few qualities lower when the whole photo keeps the look there (our four
 * scores, with the search's lead, on the whole photo; up to WHOLE_FINALIST_PIXELS), else at its
 * verified quality; the smaller file wins and is returned with its bytes. Past the deadline, the
 * sample's winner stands (docs/decisions/0130).
 */
export async function wholeFinalist(prepared: RawImage, sample: RawImage, chosen: WholeChoice, avif: Found | null, deadline: SearchDeadline): Promise<WholeChoice> {
  const searchedWhole = sample === prepared;
  const lossy = chosen.format === 'jpeg' || chosen.format === 'webp' || chosen.format === 'avif';
  if (!avif || !lossy || searchedWhole) return chosen;
  if (chosen.format !== 'avif' && avif.bytes > chosen.bytes * AVIF_WITHIN) return chosen;
  if (deadline.passed) return chosen;
  const full = (format: EncodedFormat, quality: number, found: Found) => encode(fromPixels(prepared), format, quality, found.tuning).toBuffer();
  let lower: WholeChoice | null = null;
  // Lower qualities judged whole only where full-size encodes are cheap; larger photos compare at full size alone.
  const judge = prepared.width * prepared.height <= WHOLE_FINALIST_PIXELS ? await lookJudge(prepared, { sample: prepared, deadline }) : null;
  // Bisection over the steps down: the middle one first, then the farther or the nearer.
  for (let low = 0, high = judge ? AVIF_STEPS_DOWN.length - 1 : -1; judge && low <= high && !deadline.passed; ) {
    const middle = (low + high) >> 1;
    const quality = avif.quality - AVIF_STEPS_DOWN[middle]!;
    const encoded = await full('avif', quality, avif);
    const similarity = await judge.looksAsGood(encoded);
    if (similarity === null) {
      low = middle + 1;
    } else {
      lower = { ...avif, format: 'avif', quality, similarity, bytes: encoded.length, encoded };
      high = middle - 1;
    }
  }
  if (deadline.passed && !lower) return chosen;
  const avifFull = lower ?? { ...avif, format: 'avif' as const, encoded: await full('avif', avif.quality, avif) };
  if (chosen.format === 'avif') return avifFull;
  const rival = await full(chosen.format, chosen.quality, chosen);
  return avifFull.encoded!.length < rival.length ? avifFull : { ...chosen, encoded: rival };
}
