import { describe, expect, it } from 'vitest';
import { adSlotsFor, premiumPromotionLink } from './adSlots';

describe('adSlotsFor', () => {
  it('gives guests two slots, registered users one and premium none', () => {
    expect(adSlotsFor('yes')).toBe(2);
    expect(adSlotsFor('fewer')).toBe(1);
    expect(adSlotsFor('none')).toBe(0);
  });
});

describe('premiumPromotionLink', () => {
  it('sends signed-in people to payment and others to sign in first', () => {
    expect(premiumPromotionLink(true)).toBe('/subscribe');
    expect(premiumPromotionLink(false)).toBe('/auth?redirect=/subscribe');
  });
});
