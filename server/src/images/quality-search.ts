/**
 * Searches over an encoder's quality for the lowest one that passes a test, assuming that a higher
 * quality never passes less. Each probe is an encode and a judgement, so fewer probes is less waiting.
 */

/** A probe's verdict; 'hopeless' fails it and ends the search, as every higher quality would fail the caller too. */
export type Verdict = boolean | 'hopeless';

/**
 * The lowest quality in [low, high] that passes, by bisection starting at `seed`; `high` + 1 when none does.
 * With `topAfterFailedSeed`, a failing seed is followed by `high`, so a search that cannot succeed ends in two probes.
 */
export async function lowestPassing(low: number, high: number, seed: number, passes: (q: number) => Promise<Verdict>, topAfterFailedSeed = false) {
  let best = high + 1;
  let probe = Math.min(high, Math.max(low, seed));
  let first = true;
  while (low <= high) {
    const verdict = await passes(probe);
    if (verdict === 'hopeless') return best;
    if (verdict) {
      best = probe;
      high = probe - 1;
    } else {
      low = probe + 1;
    }
    probe = first && !verdict && topAfterFailedSeed ? high : (low + high) >> 1;
    first = false;
  }
  return best;
}

/** A probe's lead over the bar (≥ 0 passes, the further below 0 the further it falls short), or 'hopeless'. */
export type Lead = number | 'hopeless';

interface Point {
  q: number;
  lead: number;
}

/** Where the straight line through two points crosses a lead of 0. */
function crossing(a: Point, b: Point): number {
  return a.q + ((b.q - a.q) * (0 - a.lead)) / (b.lead - a.lead);
}

/** When not even one passing point is known, the next probe goes this far up; without a failing one, this far down. */
const FIRST_STEP = 8;

/**
 * The lowest quality in [low, high] that passes, found by following the lead: between a failing and a
 * passing quality the next probe is where the line through them crosses 0 (false position), kept at
 * least a quarter of the way in from either end so a curved lead cannot stall it. Same answer as
 * bisection when the lead rises with quality, in fewer probes: the lead of SSIM is close to a line over
 * the few qualities that matter (docs/decisions/0112-faster-searches-for-photos.md). `known` are points
 * probed before (the top of the range, say); `high` + 1 when nothing passes.
 */
export async function lowestByLead(low: number, high: number, seed: number, leadOf: (q: number) => Promise<Lead>, known: Point[] = []): Promise<number> {
  const passing = known.filter((p) => p.lead >= 0 && p.q >= low && p.q <= high).sort((a, b) => a.q - b.q);
  const failing = known.filter((p) => p.lead < 0 && p.q >= low && p.q <= high).sort((a, b) => b.q - a.q);
  // The lowest passing point and the highest failing one bracket the answer; a second passing point above gives a slope.
  let pass: Point | null = passing[0] ?? null;
  let above: Point | null = passing[1] ?? null;
  let fail: Point | null = failing[0] ?? null;
  // The seed, kept within the qualities still open.
  let probe = Math.min((pass?.q ?? high + 1) - 1, Math.max((fail?.q ?? low - 1) + 1, seed));
  while ((pass?.q ?? high + 1) - (fail?.q ?? low - 1) > 1) {
    const lead = await leadOf(probe);
    if (lead === 'hopeless') break;
    if (lead >= 0) {
      above = pass ?? above;
      pass = { q: probe, lead };
    } else {
      fail = { q: probe, lead };
    }
    const top = (pass?.q ?? high + 1) - 1;
    const bottom = (fail?.q ?? low - 1) + 1;
    if (bottom > top) break;
    probe = next(pass, above, fail, bottom, top);
  }
  return pass?.q ?? high + 1;
}

/** The next quality to probe within [bottom, top] (the qualities still open). */
function next(pass: Point | null, above: Point | null, fail: Point | null, bottom: number, top: number): number {
  const clamp = (q: number) => Math.min(top, Math.max(bottom, q));
  if (pass && fail) {
    // A quarter in from either end at least: a lead that bends leaves false position creeping from one side.
    const quarter = Math.floor((top - bottom) / 4);
    return Math.min(top - quarter, Math.max(bottom + quarter, Math.ceil(crossing(fail, pass))));
  }
  if (pass && above && above.lead > pass.lead) return clamp(Math.ceil(crossing(pass, above)));
  if (pass) return clamp(pass.q - FIRST_STEP);
  return clamp(fail!.q + FIRST_STEP);
}
