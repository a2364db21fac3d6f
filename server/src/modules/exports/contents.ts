import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys, subscriptions, type UserRow } from '../../db/schema/index.js';
import { COMPRESSED_FORMATS, uniqueNamer } from '../batches/index.js';
import { invoicesOf, type Billing, type InvoiceSummary } from '../billing/index.js';
import { contactMessagesOf } from '../contact/index.js';
import { accountResults, downloadName, presentResult } from '../results/index.js';

/** The name and version of the JSON inside a data export; docs/data-export.md describes each field. */
export const EXPORT_FORMAT = 'lightpix-data-export';
export const EXPORT_FORMAT_VERSION = 1;

/** A stored result file the ZIP holds, at `results/<name>`. */
export interface ExportedFile {
  path: string;
  storageKey: string;
  size: number;
  mtime: Date;
  /** Already-compressed images are stored as they are, as in a batch's ZIP. */
  compress: boolean;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the account holds, as the export's JSON says it (docs/decisions/0250), and the result files
 * still stored. Never a secret: no password hash, API key (or its hash or last characters), session,
 * Stripe id or client address.
 */
export async function gatherAccountData(db: Database, billing: Billing | null, user: UserRow, now: Date) {
  const [keys, subscriptionRows, messages, rows] = await Promise.all([
    db
      .select({ name: apiKeys.name, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(eq(apiKeys.userId, user.id))
      .orderBy(asc(apiKeys.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).orderBy(asc(subscriptions.createdAt)),
    contactMessagesOf(db, user),
    accountResults(db, user.id),
  ]);

  let invoices: { complete: boolean; items: InvoiceSummary[]; note: string | null };
  try {
    const listed = await invoicesOf(billing, user.stripeCustomerId);
    invoices = {
      complete: !listed.more,
      items: listed.invoices,
      note: listed.more ? `Only the newest ${listed.invoices.length} invoices are listed; Stripe's receipts hold the rest.` : null,
    };
  } catch {
    invoices = { complete: false, items: [], note: 'Stripe could not be reached when this export was made: ask for a new export.' };
  }

  const name = uniqueNamer();
  const files: ExportedFile[] = [];
  const results = rows.map((row) => {
    const shown = presentResult(row, now);
    const stored = shown.objectPath !== null && row.storageKey !== null && row.removedAt === null;
    const file = stored
      ? `results/${name(null, downloadName(row.originalName, row.format || path.extname(row.originalName).slice(1)))}`
      : null;
    if (file && row.storageKey)
      files.push({
        path: file,
        storageKey: row.storageKey,
        size: row.processedSize,
        mtime: row.createdAt,
        compress: !COMPRESSED_FORMATS.has(row.format),
      });
    return {
      name: row.originalName,
      kind: row.kind,
      status: row.removedAt ? 'removed' : shown.status,
      format: row.format,
      originalSize: row.originalSize,
      processedSize: row.processedSize,
      width: row.width,
      height: row.height,
      quality: row.quality,
      folder: row.folder,
      viaApi: row.apiKeyId !== null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      removedAt: iso(row.removedAt),
      file,
    };
  });

  const data = {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt.toISOString(),
      emailConfirmedAt: iso(user.emailConfirmedAt),
    },
    settings: {
      plan: user.tier,
      complimentaryPremium: user.complimentary,
      active: user.isActive,
      admin: user.isAdmin,
    },
    subscriptions: subscriptionRows.map((s) => ({
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      currentPeriodEnd: iso(s.currentPeriodEnd),
      createdAt: s.createdAt.toISOString(),
    })),
    invoices,
    apiKeys: keys.map((key) => ({
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: iso(key.lastUsedAt),
      revokedAt: iso(key.revokedAt),
    })),
    results,
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      language: message.language,
      sentAt: message.createdAt.toISOString(),
      handledAt: iso(message.handledAt),
    })),
  };
  return { data, files };
}

export type AccountData = Awaited<ReturnType<typeof gatherAccountData>>['data'];
