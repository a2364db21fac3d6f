import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';

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
