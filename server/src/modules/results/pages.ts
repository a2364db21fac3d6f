import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { RESULTS_PAGE_SIZE, type ResultsPageQuery } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { results, type ResultRow } from '../../db/schema/results.js';
import { fieldRefusal } from '../../core/errors.js';

/** Where the previous page ended: the last row's creation time and id (docs/decisions/0120-results-paged-by-cursor.md). */
interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: Pick<ResultRow, 'createdAt' | 'id'>): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [time, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (!id || rest.length > 0 || Number.isNaN(createdAt.getTime())) {
    throw fieldRefusal(
      'invalid_input',
      'This page cursor is not valid; start again from the first page.',
      'cursor',
      { code: 'invalid' },
      'Use nextCursor from the previous page.',
    );
  }
  return { createdAt, id };
}

/** Rows strictly after the cursor in newest-first order; ties on the time are broken by id. */
function after(cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(results.createdAt, cursor.createdAt), and(eq(results.createdAt, cursor.createdAt), lt(results.id, cursor.id)));
}

/** One page of the rows `where` selects, newest first, with the cursor of the next page when there is one. */
export async function pageOf<T>(
  db: Database,
  where: SQL | undefined,
  query: ResultsPageQuery,
  toItem: (row: ResultRow) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  // One row more than a page says whether another page follows, without counting.
  const rows = await db
    .select()
    .from(results)
    .where(and(where, query.kind ? eq(results.kind, query.kind) : undefined, after(cursor)))
    .orderBy(desc(results.createdAt), desc(results.id))
    .limit(RESULTS_PAGE_SIZE + 1);
  const page = rows.slice(0, RESULTS_PAGE_SIZE);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > RESULTS_PAGE_SIZE && last ? encodeCursor(last) : null };
}
