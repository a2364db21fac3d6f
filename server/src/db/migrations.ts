import { readMigrationFiles } from 'drizzle-orm/migrator';

/** What the database has applied against what this version ships (drizzle's own table, drizzle.__drizzle_migrations). */
export interface MigrationState {
  /** Migrations this version ships that the database has not applied. */
  pending: number;
  /** The database's last applied migration is newer than any this version ships: a newer version wrote it. */
  newer: boolean;
}

/** A database whose schema is behind (or ahead of) this version, while MIGRATE_ON_START=false (docs/decisions/0246). */
export class SchemaNotCurrent extends Error {}

/** Runs one SQL text and returns its rows; both drivers' clients fit it. */
export type RowsOf = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Drizzle applies every shipped migration whose folderMillis is after the last created_at it recorded; the same rule counts them. */
export async function migrationState(rowsOf: RowsOf, migrationsFolder: string): Promise<MigrationState> {
  const shipped = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const exists = await rowsOf(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let last: number | null = null;
  if (exists[0]?.present === true) {
    const rows = await rowsOf('select max(created_at) as last from drizzle.__drizzle_migrations');
    last = rows[0]?.last == null ? null : Number(rows[0].last);
  }
  return {
    pending: shipped.filter((millis) => last === null || millis > last).length,
    newer: last !== null && shipped.length > 0 && last > Math.max(...shipped),
  };
}

/** With MIGRATE_ON_START=false: start only on a current schema, else one line saying what to run. */
export function refuseUnlessCurrent(state: MigrationState): void {
  if (state.pending > 0)
    throw new SchemaNotCurrent(
      `MIGRATE_ON_START=false: the database is ${state.pending} migration${state.pending === 1 ? '' : 's'} behind this version; run \`npm run migrate\` first.`,
    );
  if (state.newer)
    throw new SchemaNotCurrent(
      'MIGRATE_ON_START=false: the database was migrated by a newer version of Lightpix; start that version, or restore a backup made by this one.',
    );
}
