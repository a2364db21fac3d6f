import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_DAYS, readConsent, serialiseConsent } from './consent';

const now = new Date('2026-11-21T12:00:00Z');
const daysLater = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000);

describe('readConsent', () => {
  it('reads back a choice it stored', () => {
    expect(readConsent(serialiseConsent('accepted', now), now)).toBe('accepted');
    expect(readConsent(serialiseConsent('rejected', now), daysLater(1))).toBe('rejected');
  });

  it('asks again after six months', () => {
    const stored = serialiseConsent('accepted', now);
    expect(readConsent(stored, daysLater(CONSENT_MAX_AGE_DAYS - 1))).toBe('accepted');
    expect(readConsent(stored, daysLater(CONSENT_MAX_AGE_DAYS + 1))).toBeNull();
  });

  it('treats missing, unreadable, foreign or future values as no choice', () => {
    expect(readConsent(null, now)).toBeNull();
    expect(readConsent('yes', now)).toBeNull();
    expect(readConsent(JSON.stringify({ choice: 'accepted', decidedAt: now.toISOString(), version: 0 }), now)).toBeNull();
    expect(readConsent(JSON.stringify({ choice: 'maybe', decidedAt: now.toISOString(), version: 1 }), now)).toBeNull();
    expect(readConsent(JSON.stringify({ choice: 'accepted', decidedAt: 'soon', version: 1 }), now)).toBeNull();
    expect(readConsent(serialiseConsent('accepted', daysLater(2)), now)).toBeNull();
  });
});
