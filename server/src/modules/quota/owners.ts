import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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

/** The stricter of an owner's counts (one per filter) and the oldest counted row behind it. */
export async function stricterCount(
  owner: ChargedOwner,
  columns: OwnerColumns,
  countWhere: (filter: SQL) => Promise<{ used: number; oldest: Date | string | null } | undefined>,
): Promise<{ used: number; oldest: Date | null }> {
  let used = 0;
  let oldest: Date | null = null;
  for (const filter of ownerFilters(columns, owner)) {
    const row = await countWhere(filter);
    const rowUsed = Number(row?.used ?? 0);
    if (rowUsed > used) {
      used = rowUsed;
      oldest = row?.oldest ? new Date(row.oldest) : null;
    }
  }
  return { used, oldest };
}
