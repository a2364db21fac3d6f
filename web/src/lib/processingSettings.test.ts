import { describe, expect, it } from 'vitest';
import { defaultSettings, estimateOutput, formatLabel, processFields, settingsProblems, targetBytes } from './processingSettings';
import { processSettingsSchema } from '@lightpix/shared';

const photo = { width: 4000, height: 3000, bytes: 2_000_000, format: 'JPEG' };

describe('processing settings', () => {
  it("sends the process request's text fields: empty dimensions and format when unset", () => {
    expect(processFields(defaultSettings)).toEqual({
      width: '',
      height: '',
      quality: '75',
      format: '',
      maintainRatio: 'true',
      maxBytes: '',
      keepMetadata: 'false',
    });
    expect(
      processFields({
        width: '800',
        height: 'abc',
        maintainRatio: false,
        quality: 'smart',
        format: 'webp',
        targetKb: '150',
        keepMetadata: true,
      }),
    ).toEqual({
      width: '800',
      height: '',
      quality: 'smart',
      format: 'webp',
      maintainRatio: 'false',
      maxBytes: '153600',
      keepMetadata: 'true',
    });
  });

  it('sends a target size in bytes, and a value that is not a size as typed so the server names the field', () => {
    expect(processFields({ ...defaultSettings, targetKb: ' 99.5 ' }).maxBytes).toBe('101888');
    expect(processFields({ ...defaultSettings, targetKb: '-3' }).maxBytes).toBe('-3');
    expect(targetBytes('')).toBeNull();
    expect(targetBytes('abc')).toBeNaN();
  });

  it('estimates no more than the target size', () => {
    expect(estimateOutput(photo, { ...defaultSettings, targetKb: '100' }).bytes).toBe(102_400);
    expect(estimateOutput(photo, { ...defaultSettings, targetKb: '100000' }).bytes).toBe(1_500_000);
  });

  it('estimates the result from the target size, quality and format', () => {
    const estimate = estimateOutput(photo, { ...defaultSettings, width: '2000', format: 'webp' });
    expect(estimate).toEqual({ format: 'WebP', size: { width: 2000, height: 1500 }, bytes: 375_000, quality: 75 });
  });

  it('shows a HEIC kept in its original format as JPEG, the format it is saved in', () => {
    expect(estimateOutput({ ...photo, format: formatLabel('image/heic') }, defaultSettings).format).toBe('JPEG');
    expect(estimateOutput({ ...photo, format: formatLabel('heif') }, defaultSettings).format).toBe('JPEG');
    expect(estimateOutput(photo, defaultSettings).format).toBe('JPEG');
    expect(estimateOutput({ ...photo, format: 'PNG' }, defaultSettings).format).toBe('PNG');
  });

  it('uses the smart quality for the file size, and no size when the original is unreadable', () => {
    expect(estimateOutput(photo, { ...defaultSettings, quality: 'smart' }).quality).toBe(78);
    expect(estimateOutput({ ...photo, width: 0, height: 0 }, defaultSettings).size).toBeNull();
  });

  it('labels formats', () => {
    expect(formatLabel('image/jpeg')).toBe('JPEG');
    expect(formatLabel('webp')).toBe('WebP');
    expect(formatLabel('image/x-icon')).toBe('X-ICON');
  });

  it('warns about what the server would refuse, with the schema the server reads the fields with', () => {
    expect([...settingsProblems(defaultSettings, processSettingsSchema)]).toEqual([]);
    expect([...settingsProblems({ ...defaultSettings, width: '10000', height: '1' }, processSettingsSchema)]).toEqual([]);
    expect([...settingsProblems({ ...defaultSettings, width: '10001', height: '0' }, processSettingsSchema)].sort()).toEqual([
      'height',
      'width',
    ]);
    expect([...settingsProblems({ ...defaultSettings, targetKb: '0.05' }, processSettingsSchema)]).toEqual(['maxBytes']);
    expect([...settingsProblems({ ...defaultSettings, targetKb: '0.1' }, processSettingsSchema)]).toEqual([]);
  });
});
