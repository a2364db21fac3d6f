import { describe, expect, it } from 'vitest';
import { checkInputPixels, checkOutputSize, MAX_FRAME_PIXELS, MAX_TOTAL_PIXELS, plannedSize } from './limits.js';

const refusedWith = (work: () => void) => {
  try {
    work();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'accepted';
};

describe('what one image job may cost', () => {
  it('takes a 100 MP frame and refuses one pixel more', () => {
    expect(refusedWith(() => checkInputPixels({ width: 10_000, height: 10_000 }, 1))).toBe('accepted');
    expect(refusedWith(() => checkInputPixels({ width: 10_000, height: 10_001 }, 1))).toBe('too_many_pixels');
    expect(MAX_FRAME_PIXELS).toBe(100_000_000);
  });

  it('counts every frame of an animation against the total', () => {
    expect(refusedWith(() => checkInputPixels({ width: 5000, height: 4000 }, 10))).toBe('accepted');
    expect(refusedWith(() => checkInputPixels({ width: 5000, height: 4000 }, 11))).toBe('too_many_pixels');
    expect(MAX_TOTAL_PIXELS).toBe(200_000_000);
  });

  it('bounds what a resize may write: eight times a side, 100 MP a frame, 200 MP in all', () => {
    expect(refusedWith(() => checkOutputSize({ width: 1, height: 1 }, { width: 8, height: 8 }, 1))).toBe('accepted');
    expect(refusedWith(() => checkOutputSize({ width: 1, height: 1 }, { width: 9, height: 8 }, 1))).toBe('too_many_pixels');
    expect(refusedWith(() => checkOutputSize({ width: 2000, height: 2000 }, { width: 10_000, height: 10_000 }, 1))).toBe('accepted');
    expect(refusedWith(() => checkOutputSize({ width: 2000, height: 2000 }, { width: 10_000, height: 10_000 }, 3))).toBe('too_many_pixels');
  });

  it('judges the upright size, so a turned photo may take its own sides', () => {
    const turned = { width: 4000, height: 3000, orientation: 6, pages: 1 };
    expect(plannedSize(turned, { width: 3000, height: 4000, maintainRatio: false })).toEqual({ width: 3000, height: 4000 });
  });
});
