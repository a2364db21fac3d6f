import { describe, expect, it } from 'vitest';
import { estimateBytes, followRatio, parseDimension, parseQuality, smartQuality, targetSize } from './settings.js';
import { remainingImages } from './allowance.js';

describe('targetSize (never enlarging)', () => {
  const photo = { width: 4000, height: 3000 };

  it('keeps the original size when no dimension is set', () => {
    expect(targetSize(photo, { width: null, height: null, maintainRatio: true })).toEqual(photo);
  });

  it('derives the other side from one dimension, rounded', () => {
    expect(targetSize(photo, { width: 1000, height: null, maintainRatio: true })).toEqual({ width: 1000, height: 750 });
    expect(targetSize(photo, { width: null, height: 1000, maintainRatio: true })).toEqual({ width: 1333, height: 1000 });
    expect(targetSize(photo, { width: 1000, height: null, maintainRatio: false })).toEqual({ width: 1000, height: 750 });
  });

  it('fits inside both dimensions with keep-proportions on', () => {
    expect(targetSize(photo, { width: 1920, height: 1080, maintainRatio: true })).toEqual({ width: 1440, height: 1080 });
  });

  it('uses both dimensions exactly with keep-proportions off, even larger than the original', () => {
    expect(targetSize(photo, { width: 400, height: 400, maintainRatio: false })).toEqual({ width: 400, height: 400 });
    expect(targetSize(photo, { width: 5000, height: 5000, maintainRatio: false })).toEqual({ width: 5000, height: 5000 });
  });

  it('never enlarges a proportional resize', () => {
    expect(targetSize({ width: 640, height: 427 }, { width: 1920, height: null, maintainRatio: true })).toEqual({
      width: 640,
      height: 427,
    });
  });
});

describe('settings panel rules', () => {
  it('recomputes the other dimension from the current ratio', () => {
    expect(followRatio({ width: 4000, height: 3000 }, 'width', 800)).toBe(600);
    expect(followRatio({ width: 4000, height: 3000 }, 'height', 500)).toBe(667);
  });

  it('estimates area ratio × quality × original size', () => {
    const original = { width: 2000, height: 1000, bytes: 1_000_000 };
    expect(estimateBytes(original, { width: 1000, height: 500 }, 80)).toBe(200_000);
    expect(estimateBytes({ width: 0, height: 0, bytes: 1000 }, { width: 0, height: 0 }, 50)).toBe(500);
  });

  it('starts smart quality from the file size thresholds', () => {
    const mb = 1024 * 1024;
    expect([0.4, 1.9, 4.9, 5, 12].map((m) => smartQuality(m * mb))).toEqual([88, 78, 68, 58, 58]);
  });

  it('accepts quality 10–100 whole numbers and smart', () => {
    expect(['10', '75', '100', 'smart'].map(parseQuality)).toEqual([10, 75, 100, 'smart']);
    expect(['5', '101', '7.5', '', 'high'].map(parseQuality)).toEqual([null, null, null, null, null]);
  });

  it('reads empty dimensions as unset and rejects junk', () => {
    expect(parseDimension('')).toBeNull();
    expect(parseDimension('  ')).toBeNull();
    expect(parseDimension('800')).toBe(800);
    expect(parseDimension('0')).toBeNaN();
    expect(parseDimension('12.5')).toBeNaN();
    expect(parseDimension('abc')).toBeNaN();
  });

  it('counts the remaining images, never below zero, null for unlimited', () => {
    expect(remainingImages({ imagesProcessed: 0, maxImages: 1 })).toBe(1);
    expect(remainingImages({ imagesProcessed: 3, maxImages: 1 })).toBe(0);
    expect(remainingImages({ imagesProcessed: 3, maxImages: null })).toBeNull();
  });
});
