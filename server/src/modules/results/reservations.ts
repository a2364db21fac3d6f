import { and, eq, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { results, type ResultRow } from '../../db/schema/results.js';
import { AppError } from '../../core/errors.js';
import { JOB_WALL_LIMIT_FACTOR, JOB_WALL_LIMIT_MS } from '../../images/limits.js';
import { DECK_TIME_LIMIT_MS } from '../../presentations/deck-job.js';
import type { CompletedColumns } from '../../jobs/reservations.js';

/** The columns that tie a row to whoever is charged for it: results and heavy work both carry them. */
export interface OwnerColumns {
  userId: AnyPgColumn;
  byGuest: AnyPgColumn;
  guestSessionId: AnyPgColumn;
  clientIp: AnyPgColumn;
}

/** Who a row is charged to. */
export interface ChargedOwner {
  guestSessionId: string;
  userId: string | null;
  clientIp: string;
}

/**
 * Guests are counted per session AND per client IP, the stricter wins; users per account, without
 * the guest's rows that sign-up adopted: those were charged to the guest (docs/decisions/0080).
 */
export function ownerFilters(columns: OwnerColumns, owner: ChargedOwner): SQL[] {
  if (owner.userId) return [and(eq(columns.userId, owner.userId), eq(columns.byGuest, false))!];
  return [eq(columns.guestSessionId, owner.guestSessionId), and(eq(columns.clientIp, owner.clientIp), eq(columns.byGuest, true))!];
}

/** A table whose rows are counted per owner since a time: results and heavy work. */
export type CountedTable = PgTable & OwnerColumns & { createdAt: AnyPgColumn };

/**
 * The stricter of an owner's counts of rows newer than `since` (one count per filter) and the oldest
 * counted row behind it. One statement: each filter's count and oldest row are aggregates filtered by it,
 * over the rows any filter matches (decision 0169).
 */
export async function stricterCount(
  db: Database,
  owner: ChargedOwner,
  table: CountedTable,
  since: Date,
): Promise<{ used: number; oldest: Date | null }> {
  const filters = ownerFilters(table, owner);
  const fields = Object.fromEntries(
    filters.flatMap((filter, i) => [
      [`used${i}`, sql<number>`count(*) filter (where ${filter})`.mapWith(Number)],
      [`oldest${i}`, sql<Date | string | null>`min(${table.createdAt}) filter (where ${filter})`.mapWith(table.createdAt)],
    ]),
  );
  const [row] = await db
    .select(fields)
    .from(table)
    .where(and(gt(table.createdAt, since), or(...filters)));
  let used = 0;
  let oldest: Date | null = null;
  for (let i = 0; i < filters.length; i++) {
    const rowUsed = Number(row?.[`used${i}`] ?? 0);
    if (rowUsed > used) {
      used = rowUsed;
      const first = row?.[`oldest${i}`] as Date | string | null | undefined;
      oldest = first ? new Date(first) : null;
    }
  }
  return { used, oldest };
}

/** What the reservation row records besides its owner, before the work starts. */
export interface ReservedRow {
  id: string;
  originalName: string;
  originalSize: number;
  expiresAt: Date;
  apiKeyId?: string | null;
  batchId?: string | null;
  folder?: string | null;
  kind?: 'image' | 'deck';
}

/**
 * How many results the owner may have since when: modules/quota's allowanceOf(plan, now) says it
 * (null max: no limit). The row count in the window is the quota used (docs/decisions/0002).
 */
export interface Allowance {
  max: number | null;
  since: Date;
}

/** What a reserved job may wait for a worker, beyond its own time limit: the request waits 4 minutes (jobs/bullmq-queue.ts). */
const JOB_WAIT_ALLOWANCE_MS = 10 * 60 * 1000;

/**
 * A reservation older than this belongs to a request that died mid-way: its unit is given back. The
 * age follows the job's own wall-clock limit (docs/decisions/0158: 300 s an image, 20 minutes a deck)
 * plus its wait for a worker, so nothing a running job makes is ever swept (docs/decisions/0173).
 */
export const STALE_RESERVATION_MS = {
  image: JOB_WAIT_ALLOWANCE_MS + JOB_WALL_LIMIT_MS,
  deck: JOB_WAIT_ALLOWANCE_MS + DECK_TIME_LIMIT_MS * JOB_WALL_LIMIT_FACTOR,
} as const;

/** The owner's results newer than `since`, counted the stricter way (stricterCount), and the oldest counted. */
export function countCharged(db: Database, owner: ChargedOwner, since: Date): Promise<{ used: number; oldest: Date | null }> {
  return stricterCount(db, owner, results, since);
}

function lockKeys(owner: ChargedOwner): string[] {
  return owner.userId ? [`quota:user:${owner.userId}`] : [`quota:guest:${owner.guestSessionId}`, `quota:ip:${owner.clientIp}`].sort();
}

/**
 * Reserves one unit by inserting the result row ('processing'), under advisory locks on the owner's
 * keys, after counting again: parallel requests can never push the owner past the allowance
 * (quota_exceeded). Gives the units used in the window with this one, as counted under the locks (the
 * API's Compression-Count, docs/decisions/0270); null for an allowance without a limit, which counts nothing.
 */
export async function reserve(
  db: Database,
  owner: ChargedOwner,
  row: ReservedRow,
  now: Date,
  allowance: Allowance,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    let used: number | null = null;
    // In one statement, still in the keys' order: PostgreSQL evaluates a select list left to right (decision 0169).
    await tx.execute(
      sql`select ${sql.join(
        lockKeys(owner).map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`),
        sql`, `,
      )}`,
    );
    if (allowance.max !== null) {
      const counted = await countCharged(tx as unknown as Database, owner, allowance.since);
      if (counted.used >= allowance.max) {
        throw new AppError('quota_exceeded', 'You have used all the images your plan allows for now.');
      }
      used = counted.used;
    }
    await tx.insert(results).values({
      ...row,
      guestSessionId: owner.guestSessionId,
      userId: owner.userId,
      byGuest: owner.userId === null,
      clientIp: owner.clientIp,
      status: 'processing',
      createdAt: now,
    });
    return used === null ? null : used + 1;
  });
}

/** The one place a unit is given back: only reservations go; a completed result stays spent. */
async function giveBackWhere(db: Database, which: SQL | undefined): Promise<number> {
  const given = await db
    .delete(results)
    .where(and(eq(results.status, 'processing'), which))
    .returning({ id: results.id });
  return given.length;
}

/** Gives a unit back: a file that failed uses no quota. Giving back twice, or a completed result, is harmless. */
export async function giveBack(db: Database, resultId: string): Promise<void> {
  await giveBackWhere(db, eq(results.id, resultId));
}

/**
 * Gives back reservations older than their kind's STALE_RESERVATION_MS, or than staleAfterMs when given
 * (0 at a lone instance's start: none of its jobs can run).
 */
export function giveBackStale(db: Database, now: Date, staleAfterMs?: number): Promise<number> {
  const before = (ms: number) => lte(results.createdAt, new Date(now.getTime() - ms));
  if (staleAfterMs !== undefined) return giveBackWhere(db, before(staleAfterMs));
  return giveBackWhere(
    db,
    or(and(eq(results.kind, 'deck'), before(STALE_RESERVATION_MS.deck)), and(ne(results.kind, 'deck'), before(STALE_RESERVATION_MS.image))),
  );
}

/** Marks a reservation completed (spent) with its stored file; see ReservationLedger.complete. */
export async function complete(db: Database, resultId: string, storageKey: string, columns: CompletedColumns): Promise<ResultRow | null> {
  // The whole row comes back, so the request that waits for it need not read it again (decision 0169).
  const [completed] = await db
    .update(results)
    .set({ status: 'completed', ...columns, storageKey })
    .where(and(eq(results.id, resultId), eq(results.status, 'processing')))
    .returning();
  if (completed) return completed;
  const [row] = await db.select().from(results).where(eq(results.id, resultId));
  return row?.status === 'completed' && row.storageKey === storageKey ? row : null;
}

/** Whether the result is completed: the row is the truth when a job's own report is lost. */
export async function isCompleted(db: Database, resultId: string): Promise<boolean> {
  const [row] = await db.select({ status: results.status }).from(results).where(eq(results.id, resultId));
  return row?.status === 'completed';
}

/** The row by id, whoever owns it (for the request that made it); null when given back. */
export async function resultById(db: Database, resultId: string): Promise<ResultRow | null> {
  const [row] = await db.select().from(results).where(eq(results.id, resultId));
  return row ?? null;
}

/** Who a result is charged to (heavy work is charged to the same owner, docs/decisions/0147); null when gone. */
export async function chargedOwnerOf(
  db: Database,
  resultId: string,
): Promise<Pick<ResultRow, 'guestSessionId' | 'userId' | 'byGuest' | 'clientIp'> | null> {
  const [row] = await db
    .select({ guestSessionId: results.guestSessionId, userId: results.userId, byGuest: results.byGuest, clientIp: results.clientIp })
    .from(results)
    .where(eq(results.id, resultId));
  return row ?? null;
}
