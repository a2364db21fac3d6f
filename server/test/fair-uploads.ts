import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { results } from '../src/db/schema/results.js';

/** What the fair-queue tests upload and count, in-process (api/fair-queues) and across Redis (cluster/fair-lines). */

/** Units reserved for jobs not yet done. */
export const reserved = async (db: Database) =>
  (await db.select({ n: count() }).from(results).where(eq(results.status, 'processing')))[0]!.n;

/** Noise takes a smart search seconds: slow enough that the order jobs start in shows in the order they end. */
export const slowPhoto = (seed: number) =>
  sharp(
    randomBytes(1000 * 750 * 3).map((byte) => (byte + seed) & 0xff),
    { raw: { width: 1000, height: 750, channels: 3 } },
  )
    .jpeg({ quality: 95 })
    .toBuffer();

/** 25 MP of one colour: heavy work by its pixels (docs/decisions/0147), a small upload. */
export const heavyPng = () =>
  sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#336699' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
