import { describe, expect, it } from 'vitest';
import { formatKb, formatLikeness } from './format';

describe('formatLikeness', () => {
  it('shows one decimal in the language’s own way, rounded down so it never claims more than was measured', () => {
    expect(formatLikeness(0.99648, 'en')).toBe('99.6');
    expect(formatLikeness(0.99648, 'de')).toBe('99,6');
    expect(formatLikeness(0.9999, 'en')).toBe('99.9');
    expect(formatLikeness(1, 'fr')).toBe('100');
    expect(formatLikeness(0.95, 'it')).toBe('95');
  });
});

describe('formatKb', () => {
  it('never shows a small file as 0 KB: one decimal below 10 KB, whole kilobytes above', () => {
    expect(formatKb(400, 'en')).toBe('0.4');
    expect(formatKb(1024, 'en')).toBe('1');
    expect(formatKb(1536, 'de')).toBe('1,5');
    expect(formatKb(150 * 1024 + 300, 'en')).toBe('150');
  });
});
