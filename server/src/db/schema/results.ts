import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeckReport } from '@lightpix/shared';

/**
 * One processed file. A row is written (status 'processing') when a quota unit is reserved,
 * so the row count in a window is the quota used; a failed file's row is deleted.
 */
export const results = pgTable(
  'results',
  {
    id: text('id').primaryKey(),
    /** The anonymous owner; kept after sign-up so a guest's results follow the account. */
    guestSessionId: text('guest_session_id'),
    userId: text('user_id'),
    /** Charged to a guest: still counts against the guest's address after sign-up adopts the row. */
    byGuest: boolean('by_guest').notNull().default(false),
    clientIp: text('client_ip').notNull(),
    originalName: text('original_name').notNull(),
    originalSize: integer('original_size').notNull(),
    processedSize: integer('processed_size').notNull().default(0),
    status: text('status', { enum: ['processing', 'completed', 'expired'] }).notNull(),
    format: text('format').notNull().default(''),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    quality: integer('quality').notNull().default(0),
    alreadyOptimal: boolean('already_optimal').notNull().default(false),
    /** Smart lightening chose `quality` (on whichever encoder table it picked), not the user. */
    smart: boolean('smart').notNull().default(false),
    /** Smart's or `auto`'s search ran to its end, or its deadline cut it short (docs/decisions/0130); null for a fixed quality. */
    search: text('search', { enum: ['complete', 'cut short'] }),
    /** How like the original the result looks, as SSIM (docs/decisions/0131); null for decks and older results. */
    similarity: doublePrecision('similarity'),
    /** Key of the stored file; null once the sweeper deleted it. */
    storageKey: text('storage_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The API key that made it, when it came through the developer API. */
    apiKeyId: text('api_key_id'),
    /** The selection the page sent it with, so "Download all" can zip that selection (docs/decisions/0045). */
    batchId: text('batch_id'),
    /** The folder it was in when a folder was chosen ("Holiday/Day 1"), kept inside the batch's ZIP. */
    folder: text('folder'),
    /** When its owner removed it: the file is deleted at once; the row stays so the quota it used stays used. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** 'image', or 'deck' for a PowerPoint presentation (docs/decisions/0041-decks-as-results.md). */
    kind: text('kind', { enum: ['image', 'deck'] })
      .notNull()
      .default('image'),
    /** What the deck optimiser did; null for images. */
    report: jsonb('report').$type<DeckReport>(),
  },
  (t) => [
    index('results_guest_session_idx').on(t.guestSessionId, t.createdAt),
    index('results_user_idx').on(t.userId, t.createdAt),
    index('results_client_ip_idx').on(t.clientIp, t.createdAt),
    index('results_expires_idx').on(t.status, t.expiresAt),
    index('results_api_key_idx').on(t.apiKeyId, t.createdAt),
    index('results_batch_idx').on(t.batchId, t.createdAt),
  ],
);

export type ResultRow = typeof results.$inferSelect;
