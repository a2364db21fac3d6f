import { hash, verify } from '@node-rs/argon2';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  apiKeys,
  confirmationLinks,
  heavyWork,
  passwordFailures,
  passwordResets,
  sessions,
  subscriptions,
  users,
  type UserRow,
} from '../../db/schema/index.js';
import { fieldRefusal } from '../../core/errors.js';
import type { ResultStore } from '../../storage/result-store.js';
import { cancelAllSubscriptions } from '../billing/index.js';
import type { Billing } from '../billing/index.js';
import { deleteContactMessagesOf } from '../contact/index.js';
import { deleteAccountExports } from '../exports/index.js';
import { endResetLinks } from '../password-reset/index.js';
import { guardPasswordCheck } from '../auth/index.js';
import { deleteAccountResults, deleteStoredFiles } from '../results/index.js';

/** Where a password check comes from: the sign-in's limits apply to it too (docs/decisions/0188). */
export interface CheckedFrom {
  clientIp: string;
  now: Date;
}

async function checkPassword(db: Database, user: UserRow, password: string, field: string, from: CheckedFrom): Promise<void> {
  const matches = await guardPasswordCheck(db, { account: user.email, clientIp: from.clientIp }, from.now, 'password_attempts', () =>
    verify(user.passwordHash, password),
  );
  if (!matches) throw fieldRefusal('invalid_input', 'The password is not correct.', field, { code: 'wrong_password' });
}

/** A new password ends every other session of the user and any reset link still open; this one stays signed in. */
export async function changePassword(
  db: Database,
  user: UserRow,
  currentSessionId: string,
  currentPassword: string,
  newPassword: string,
  from: CheckedFrom,
): Promise<void> {
  await checkPassword(db, user, currentPassword, 'currentPassword', from);
  const passwordHash = await hash(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)));
    await endResetLinks(tx, user.id, new Date());
  });
}

/** The deletion's password rule, asked before the page asks "are you sure?" and again by the deletion itself. */
export function checkDeletionPassword(db: Database, user: UserRow, password: string, from: CheckedFrom): Promise<void> {
  return checkPassword(db, user, password, 'password', from);
}

/** The user's own deletion: the password again, then the one way an account is removed. */
export async function deleteAccount(
  db: Database,
  store: ResultStore,
  billing: Billing | null,
  user: UserRow,
  password: string,
  from: CheckedFrom,
): Promise<void> {
  await checkDeletionPassword(db, user, password, from);
  await removeAccount(db, store, billing, user);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Cancels any subscription first, then removes the user, their results (files too), history,
 * sessions, API keys, password-reset and confirmation links, wrong-password counts, heavy-work rows,
 * contact messages and data exports (0250); subscription records
 * stay without the user for the billing duty (docs/decisions/0032, 0200). Used by the user's own
 * deletion and by support's; `alsoInTransaction` records support's audit row in the same commit.
 */
export async function removeAccount(
  db: Database,
  store: ResultStore,
  billing: Billing | null,
  user: UserRow,
  alsoInTransaction?: (tx: Transaction) => Promise<void>,
): Promise<void> {
  await cancelAllSubscriptions(db, billing, user);
  const files = await db.transaction(async (tx) => {
    const stored = await deleteAccountResults(tx as unknown as Database, user.id);
    const exportFiles = await deleteAccountExports(tx, user.id);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(apiKeys).where(eq(apiKeys.userId, user.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.delete(heavyWork).where(eq(heavyWork.userId, user.id));
    await tx.delete(confirmationLinks).where(eq(confirmationLinks.userId, user.id));
    await tx.delete(passwordFailures).where(eq(passwordFailures.account, user.email));
    await deleteContactMessagesOf(tx, user);
    await tx.update(subscriptions).set({ userId: null }).where(eq(subscriptions.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await alsoInTransaction?.(tx);
    return [...stored, ...exportFiles];
  });
  // After the commit: a file left behind by a failed delete is still removed by the retention sweeper.
  await deleteStoredFiles(store, files);
}
