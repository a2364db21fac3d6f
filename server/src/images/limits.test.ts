import { describe, expect, it } from 'vitest';
import { checkInputPixels, checkOutputSize, formatsThatFit, MAX_FRAME_PIXELS, MAX_TOTAL_PIXELS, plannedSize } from './limits.js';

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

  it('holds each output format to what a job can write: AVIF 32 MP, WebP 16,383 px a side and 40 MP with alpha (decision 0251)', () => {
    const paramsOf = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return (error as { params?: Record<string, unknown> }).params;
      }
      return 'accepted';
    };
    const square = (side: number, alpha = false) => ({ width: side, height: side, alpha });
    expect(formatsThatFit({ width: 8000, height: 4000, alpha: true }, ['avif'])).toEqual(['avif']);
    expect(paramsOf(() => formatsThatFit({ width: 8000, height: 4001, alpha: false }, ['avif']))).toEqual({
      reason: 'format',
      format: 'AVIF',
      megapixels: 32,
    });
    expect(formatsThatFit(square(10_000), ['webp'])).toEqual(['webp']);
    expect(formatsThatFit({ width: 8000, height: 5000, alpha: true }, ['webp'])).toEqual(['webp']);
    expect(paramsOf(() => formatsThatFit(square(10_000, true), ['webp']))).toEqual({
      reason: 'format_alpha',
      format: 'WebP',
      megapixels: 40,
    });
    expect(paramsOf(() => formatsThatFit({ width: 16_384, height: 100, alpha: false }, ['webp']))).toEqual({
      reason: 'side',
      format: 'WebP',
      pixels: 16_383,
    });
    // A list keeps the formats that fit: 'Smallest format' and the API's list of types choose among them.
    expect(formatsThatFit(square(10_000, true), ['jpeg', 'png', 'webp', 'avif'])).toEqual(['jpeg', 'png']);
    expect(formatsThatFit(square(10_000), ['webp', 'avif'])).toEqual(['webp']);
  });
});
