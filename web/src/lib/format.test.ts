import { describe, expect, it } from 'vitest';
import { formatLikeness } from './format';

describe('formatLikeness', () => {
  it('shows one decimal in the language’s own way, rounded down so it never claims more than was measured', () => {
    expect(formatLikeness(0.99648, 'en')).toBe('99.6');
    expect(formatLikeness(0.99648, 'de')).toBe('99,6');
    expect(formatLikeness(0.9999, 'en')).toBe('99.9');
    expect(formatLikeness(1, 'fr')).toBe('100');
    expect(formatLikeness(0.95, 'it')).toBe('95');
  });
});
