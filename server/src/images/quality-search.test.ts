import { describe, expect, it } from 'vitest';
import { lowestByLead, lowestPassing } from './quality-search.js';

/** Leads shaped like SSIM's over quality: rising, steep at first and flattening towards the top. */
function ssimLike(threshold: number, steepness: number) {
  return (q: number) => Math.log1p(Math.max(0, q) / steepness) - Math.log1p(threshold / steepness);
}

describe('the lowest passing quality, found by following the lead', () => {
  const cases = [10, 21, 35, 50, 63, 64, 77, 78, 85, 91, 92].flatMap((threshold) => [5, 30, 200].map((steepness) => ({ threshold, steepness })));

  it.each(cases)('finds the same quality as bisection for a threshold of $threshold (steepness $steepness), in no more probes', async ({ threshold, steepness }) => {
    const lead = ssimLike(threshold, steepness);
    let byLead = 0;
    let byHalves = 0;
    const found = await lowestByLead(20, 92, 78, async (q) => (byLead++, lead(q)));
    const bisected = await lowestPassing(20, 92, 78, async (q) => (byHalves++, lead(q) >= 0));
    expect(found).toBe(bisected);
    expect(found).toBe(Math.min(93, Math.max(20, threshold)));
    expect(byLead).toBeLessThanOrEqual(byHalves + 1);
  });

  it('takes fewer probes than bisection over the range smart AVIF searches', async () => {
    let byLead = 0;
    let byHalves = 0;
    for (const { threshold, steepness } of cases) {
      const lead = ssimLike(threshold, steepness);
      await lowestByLead(20, 92, 78, async (q) => (byLead++, lead(q)));
      await lowestPassing(20, 92, 78, async (q) => (byHalves++, lead(q) >= 0));
    }
    expect(byLead).toBeLessThan(byHalves * 0.8);
  });

  it('starts from what is already known: a passing top of the range is not probed again', async () => {
    const probed: number[] = [];
    const lead = ssimLike(70, 30);
    const found = await lowestByLead(20, 92, 95, async (q) => (probed.push(q), lead(q)), [{ q: 92, lead: lead(92) }]);
    expect(found).toBe(70);
    expect(probed).not.toContain(92);
    expect(probed.every((q) => q >= 20 && q < 92)).toBe(true);
  });

  it('stops at a hopeless probe and keeps the lowest pass found before it', async () => {
    const probed: number[] = [];
    const found = await lowestByLead(20, 92, 80, async (q) => {
      probed.push(q);
      return q >= 80 ? 0.01 : 'hopeless';
    });
    expect(found).toBe(80);
    expect(probed).toHaveLength(2);
  });

  it('answers one above the range when nothing passes', async () => {
    const found = await lowestByLead(30, 90, 60, async () => -0.01);
    expect(found).toBe(91);
  });
});
