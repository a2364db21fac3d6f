import { describe, expect, it } from 'vitest';
import { formatAllowed, processSettingsSchema } from './images.js';
import { MAX_DIMENSION } from './settings.js';

describe('processSettingsSchema (the upload settings, read alike by the panel and the server)', () => {
  it('gives the defaults for fields that are not sent', () => {
    expect(processSettingsSchema.parse({})).toEqual({
      width: null,
      height: null,
      quality: 75,
      format: 'original',
      maintainRatio: true,
      maxBytes: null,
      keepMetadata: false,
    });
  });

  it('reads text fields into numbers, booleans and formats', () => {
    expect(
      processSettingsSchema.parse({
        width: '800',
        height: ' ',
        quality: 'smart',
        format: 'jpg',
        maintainRatio: 'false',
        maxBytes: '20480',
        keepMetadata: 'true',
      }),
    ).toEqual({ width: 800, height: null, quality: 'smart', format: 'jpeg', maintainRatio: false, maxBytes: 20480, keepMetadata: true });
    expect(processSettingsSchema.parse({ format: 'auto' }).format).toBe('auto');
    expect(processSettingsSchema.parse({ format: 'original' }).format).toBe('original');
  });

  it('names each wrong field with a message, and accepts the limits themselves', () => {
    const result = processSettingsSchema.safeParse({
      width: String(MAX_DIMENSION + 1),
      height: '0',
      quality: '5',
      format: 'bmp',
      maintainRatio: 'yes',
      maxBytes: '99',
      keepMetadata: '1',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
    expect(fields).toEqual({
      width: `Must be a whole number from 1 to ${MAX_DIMENSION}, or empty.`,
      height: `Must be a whole number from 1 to ${MAX_DIMENSION}, or empty.`,
      quality: "Must be a whole number from 10 to 100, or 'smart'.",
      format: 'Must be empty (keep the original), jpeg, png, webp, avif or auto (the smallest your plan allows).',
      maintainRatio: "Must be 'true' or 'false'.",
      maxBytes: 'Must be a whole number of bytes, at least 100, or empty.',
      keepMetadata: "Must be 'true' or 'false'.",
    });
    expect(processSettingsSchema.safeParse({ width: String(MAX_DIMENSION), height: '1', quality: '10', maxBytes: '100' }).success).toBe(
      true,
    );
    expect(processSettingsSchema.safeParse({ width: '12.5' }).success).toBe(false);
  });

  it('leaves the plan to formatAllowed: its own formats, the original and the smallest are allowed', () => {
    const plan = { outputFormats: ['jpeg', 'png'] as const };
    expect(formatAllowed(plan, 'png')).toBe(true);
    expect(formatAllowed(plan, 'original')).toBe(true);
    expect(formatAllowed(plan, 'auto')).toBe(true);
    expect(formatAllowed(plan, 'avif')).toBe(false);
  });
});
