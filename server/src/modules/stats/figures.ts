import { count, eq, gte, min } from 'drizzle-orm';
import type { StatsResponse } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { uptimeMinutes, users } from '../../db/schema/index.js';
import { countAllSpent } from '../results/index.js';

const MINUTE_MS = 60_000;
const UPTIME_WINDOW_MS = 30 * 24 * 60 * MINUTE_MS;
/** Under an hour of history a percentage would mean little. */
const MIN_MEASURED_MINUTES = 60;

/** Marks the current minute as one the service was up; several instances write the same row. */
export async function recordUptimeMinute(db: Database, now: Date): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  await db.insert(uptimeMinutes).values({ minute }).onConflictDoNothing();
}

/** Real counts for the landing page: results processed, active accounts, measured uptime. */
export async function countStats(db: Database, now: Date): Promise<StatsResponse> {
  const processed = await countAllSpent(db);
  const [accounts] = await db.select({ value: count() }).from(users).where(eq(users.isActive, true));
  const windowStart = new Date(now.getTime() - UPTIME_WINDOW_MS);
  const [uptime] = await db
    .select({ minutes: count(), first: min(uptimeMinutes.minute) })
    .from(uptimeMinutes)
    .where(gte(uptimeMinutes.minute, windowStart));
  const first = uptime?.first ? new Date(uptime.first) : null;
  // Minutes from the first recorded one up to and including the current one.
  const span = first ? Math.floor((now.getTime() - first.getTime()) / MINUTE_MS) + 1 : 0;
  const measured = Number(uptime?.minutes ?? 0);
  const uptimePercent = span >= MIN_MEASURED_MINUTES ? Math.min(100, (measured / span) * 100) : null;
  return {
    imagesProcessed: processed,
    users: Number(accounts?.value ?? 0),
    uptimePercent: uptimePercent === null ? null : Math.floor(uptimePercent * 100) / 100,
    uptimeDays: Math.round((span / (24 * 60)) * 10) / 10,
  };
}
