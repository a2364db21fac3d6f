import { describe, expect, it } from 'vitest';
import { originalsToDrop, type KeptOriginalFacts } from './keptOriginals';

const MB = 1024 * 1024;
const now = Date.parse('2026-11-26T12:00:00Z');
const kept = (resultId: string, size: number, keptAt: number, extra: Partial<KeptOriginalFacts> = {}): KeptOriginalFacts => ({
  resultId,
  owner: 'user:1',
  size,
  keptAt,
  expiresAt: now + 3_600_000,
  ...extra,
});

describe('originalsToDrop', () => {
  it('keeps everything within the budget for its owner', () => {
    expect(originalsToDrop([kept('a', 10 * MB, 1), kept('b', 20 * MB, 2)], 'user:1', now, 100 * MB)).toEqual([]);
  });

  it('drops the oldest first once the budget is passed', () => {
    const entries = [kept('old', 40 * MB, 1), kept('middle', 40 * MB, 2), kept('new', 40 * MB, 3)];
    expect(originalsToDrop(entries, 'user:1', now, 100 * MB)).toEqual(['old']);
  });

  it('keeps a smaller older one that still fits after a large one is dropped', () => {
    const entries = [kept('small-old', 5 * MB, 1), kept('large', 90 * MB, 2), kept('new', 50 * MB, 3)];
    expect(originalsToDrop(entries, 'user:1', now, 100 * MB)).toEqual(['large']);
  });

  it('drops the expired and another visitor’s originals, whatever the budget', () => {
    const entries = [kept('expired', 1, 3, { expiresAt: now }), kept('theirs', 1, 2, { owner: 'guest:x' }), kept('mine', 1, 1)];
    expect(originalsToDrop(entries, 'user:1', now, 100 * MB)).toEqual(['expired', 'theirs']);
  });

  it('keeps what this page kept under an earlier id of its visitor (a guest whose first upload started the session)', () => {
    const entries = [kept('first', 1, 2, { owner: 'guest:provisional' }), kept('theirs', 1, 1, { owner: 'guest:other' })];
    expect(originalsToDrop(entries, 'guest:started', now, 100 * MB, new Set(['first']))).toEqual(['theirs']);
  });

  it('never keeps one original larger than the whole budget', () => {
    expect(originalsToDrop([kept('huge', 101 * MB, 1)], 'user:1', now, 100 * MB)).toEqual(['huge']);
  });
});
