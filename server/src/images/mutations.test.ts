import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.js';
import { outputForOriginal } from './formats.js';
import { inspectImage } from './inspect.js';
import { optimiseImage } from './optimise.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function mutate(data: Buffer, next: () => number): Buffer {
  const copy = Buffer.from(data);
  const kind = Math.floor(next() * 3);
  if (kind === 0) return copy.subarray(0, Math.floor(next() * copy.length));
  const flips = 1 + Math.floor(next() * 16);
  for (let i = 0; i < flips; i++) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
  return kind === 1 ? copy : Buffer.concat([copy.subarray(0, 64), copy.subarray(64).reverse()]);
}

const ROUNDS = 12;

describe('damaged uploads', () => {
  it.each(['photo.jpg', 'alpha.png', 'lossy.webp', 'animated.gif', 'still.avif', 'still.tiff', 'heic/photo.heic'])(
    'a damaged %s is processed or refused with a 4xx error, never anything else',
    async (name) => {
      const original = await readFile(path.join(fixtures, name));
      const next = random(name.length * 7919);
      const outcomes: { round: number; outcome: unknown }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const data = mutate(original, next);
        const outcome = await inspectImage(data)
          .then((info) =>
            optimiseImage(data, info, {
              width: 64,
              height: null,
              maintainRatio: true,
              format: outputForOriginal(info.format, info.hasAlpha),
              quality: 'smart',
              maxBytes: null,
              keepMetadata: false,
            }),
          )
          .then(
            () => 'processed',
            (error: unknown) => error,
          );
        outcomes.push({ round, outcome });
      }
      const refused = outcomes.filter(({ outcome }) => outcome !== 'processed');
      const wronglyRefused = refused.filter(({ outcome }) => !(outcome instanceof AppError && outcome.status < 500));
      expect(outcomes).toHaveLength(ROUNDS);
      expect(wronglyRefused.map(({ round, outcome }) => `round ${round}: ${String(outcome)}`)).toEqual([]);
      // Cutting a file short must be caught: a run where every mutant passes tests nothing.
      expect(refused.length).toBeGreaterThan(0);
    },
  );
});
