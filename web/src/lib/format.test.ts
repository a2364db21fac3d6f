import { describe, expect, it } from 'vitest';
import { formatLikeness, formatMb, formatPercent, formatSize, splitFileName } from './format';

const nbsp = '\u00a0';

describe('formatLikeness', () => {
  it('shows one decimal in the language’s own way, rounded down so it never claims more than was measured', () => {
    expect(formatLikeness(0.99648, 'en')).toBe('99.6%');
    expect(formatLikeness(0.99648, 'de')).toBe(`99,6${nbsp}%`);
    expect(formatLikeness(0.9999, 'en')).toBe('99.9%');
    expect(formatLikeness(1, 'fr')).toBe(`100${nbsp}%`);
    expect(formatLikeness(0.95, 'it')).toBe('95%');
  });
});

describe('formatPercent', () => {
  it('writes the sign as each language does, with a no-break space where it has one (fr, de, es), never a narrow one', () => {
    expect(formatPercent(75, 'en')).toBe('75%');
    expect(formatPercent(75, 'it')).toBe('75%');
    expect(formatPercent(75, 'pl')).toBe('75%');
    expect(formatPercent(75, 'fr')).toBe(`75${nbsp}%`);
    expect(formatPercent(75, 'de')).toBe(`75${nbsp}%`);
    expect(formatPercent(75, 'es')).toBe(`75${nbsp}%`);
    expect(formatPercent(-12, 'en')).toBe('-12%');
  });
});

describe('formatSize', () => {
  it('never shows a small file as 0 kB: one decimal below 10 kB, whole kilobytes above', () => {
    expect(formatSize(400, 'en')).toBe(`0.4${nbsp}kB`);
    expect(formatSize(1024, 'en')).toBe(`1${nbsp}kB`);
    expect(formatSize(1536, 'de')).toBe(`1,5${nbsp}kB`);
    expect(formatSize(150 * 1024 + 300, 'en')).toBe(`150${nbsp}kB`);
  });

  it('switches to megabytes from 1,000 kB, in each language’s own unit, never split from its number', () => {
    expect(formatSize(999 * 1024, 'en')).toBe(`999${nbsp}kB`);
    expect(formatSize(2.4 * 1024 * 1024, 'en')).toBe(`2.4${nbsp}MB`);
    expect(formatSize(2.4 * 1024 * 1024, 'fr')).toBe(`2,4${nbsp}Mo`);
    expect(formatSize(147 * 1024, 'fr')).toBe(`147${nbsp}ko`);
    for (const language of ['en', 'it', 'es', 'de', 'pl', 'fr']) {
      expect(formatSize(147 * 1024, language)).not.toMatch(/\s(?<!\u00a0)/);
      expect(formatSize(5 * 1024 * 1024, language)).not.toMatch(/\s(?<!\u00a0)/);
    }
  });
});

describe('formatMb', () => {
  it('writes a limit with a space before its unit in every language: "10 MB", "10 Mo"', () => {
    expect(formatMb(10 * 1024 * 1024, 'en')).toBe(`10${nbsp}MB`);
    expect(formatMb(50 * 1024 * 1024, 'fr')).toBe(`50${nbsp}Mo`);
    expect(formatMb(10 * 1024 * 1024, 'pl')).toBe(`10${nbsp}MB`);
  });
});

describe('splitFileName', () => {
  it('keeps the extension and the end of the name whole, and gives the rest to the ellipsis', () => {
    expect(splitFileName('holiday-at-the-sea-0012.jpg')).toEqual({ head: 'holiday-at-the-se', tail: 'a-0012.jpg' });
    expect(splitFileName('photo.jpg')).toEqual({ head: 'photo', tail: '.jpg' });
    expect(splitFileName('a-rather-long-name-without-extension')).toEqual({ head: 'a-rather-long-name-without-ext', tail: 'ension' });
    const { head, tail } = splitFileName('IMG_20261127_101112345.jpeg');
    expect(head + tail).toBe('IMG_20261127_101112345.jpeg');
    expect(tail.endsWith('.jpeg')).toBe(true);
  });
});
