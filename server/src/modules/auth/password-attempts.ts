import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { passwordFailures } from '../../db/schema/index.js';
import { AppError } from '../../core/errors.js';

/**
 * Every route that checks a password shares these limits (docs/decisions/0188). Only wrong passwords
 * count; the owner's right password is refused only from an address that itself failed.
 */
export const PASSWORD_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Wrong passwords for one account from one address: that address may not try it again for now. */
  perAccountFromAddress: 5,
  /** Wrong passwords from one address, whatever the accounts: that address may not try any. */
  perAddress: 20,
  /** Wrong passwords for one account from every address: from then on, addresses that failed on it wait. */
  perAccount: 10,
};

/** Who is tried, from where: the account by its e-mail address (lower-cased), known or not. */
export interface PasswordAttempt {
  account: string;
  clientIp: string;
}

/** Which refusal the page words: at sign-in, or on the account page (a password change or a deletion). */
export type PasswordCheckPlace = 'sign_in' | 'password_attempts';

/**
 * Runs `check` (a password verification) unless this address may not try this account now (429 with
 * Retry-After). A failure is written before the check runs, so a burst in parallel counts every try;
 * a success takes it back and clears the account's failures.
 */
export async function guardPasswordCheck(
  db: Database,
  attempt: PasswordAttempt,
  now: Date,
  place: PasswordCheckPlace,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const account = attempt.account.trim().toLowerCase();
  const failureId = randomUUID();
  await db.transaction(async (tx) => {
    const keys = [`password:account:${account}`, `password:ip:${attempt.clientIp}`].sort();
    await tx.execute(
      sql`select ${sql.join(
        keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`),
        sql`, `,
      )}`,
    );
    const waitSeconds = await secondsToWait(tx as unknown as Database, account, attempt.clientIp, now);
    if (waitSeconds > 0) throw tooManyFailures(place, waitSeconds);
    await tx.insert(passwordFailures).values({ id: failureId, account, clientIp: attempt.clientIp, createdAt: now });
  });
  const matches = await check().catch(() => false);
  if (matches) {
    await db.delete(passwordFailures).where(eq(passwordFailures.id, failureId));
    await db
      .update(passwordFailures)
      .set({ cleared: true })
      .where(and(eq(passwordFailures.account, account), eq(passwordFailures.cleared, false)));
  } else {
    await db.delete(passwordFailures).where(lt(passwordFailures.createdAt, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
  return matches;
}

/** 0 when the address may try the account now, else the seconds until it may (when the count that refused drops below its limit). */
async function secondsToWait(db: Database, account: string, clientIp: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - PASSWORD_LIMITS.windowMs);
  const pair = and(eq(passwordFailures.account, account), eq(passwordFailures.clientIp, clientIp), eq(passwordFailures.cleared, false))!;
  const address = eq(passwordFailures.clientIp, clientIp);
  const onAccount = and(eq(passwordFailures.account, account), eq(passwordFailures.cleared, false))!;
  const [counts] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${address})`.mapWith(Number),
      account: sql<number>`count(*) filter (where ${onAccount})`.mapWith(Number),
    })
    .from(passwordFailures)
    .where(and(gt(passwordFailures.createdAt, since), or(eq(passwordFailures.account, account), address)));
  const refusals = [
    counts && counts.pair >= PASSWORD_LIMITS.perAccountFromAddress && { filter: pair, limit: PASSWORD_LIMITS.perAccountFromAddress },
    counts && counts.address >= PASSWORD_LIMITS.perAddress && { filter: address, limit: PASSWORD_LIMITS.perAddress },
    counts && counts.pair > 0 && counts.account >= PASSWORD_LIMITS.perAccount && { filter: onAccount, limit: PASSWORD_LIMITS.perAccount },
  ].filter((refusal) => refusal !== false && refusal !== undefined);
  let wait = 0;
  for (const refusal of refusals) {
    // The refusal lifts when the limit-th newest failure leaves the window.
    const [row] = await db
      .select({ createdAt: passwordFailures.createdAt })
      .from(passwordFailures)
      .where(and(gt(passwordFailures.createdAt, since), refusal.filter))
      .orderBy(sql`${passwordFailures.createdAt} desc`)
      .offset(refusal.limit - 1)
      .limit(1);
    if (row) wait = Math.max(wait, Math.ceil((row.createdAt.getTime() + PASSWORD_LIMITS.windowMs - now.getTime()) / 1000));
  }
  return wait;
}

function tooManyFailures(place: PasswordCheckPlace, seconds: number): AppError {
  const message =
    place === 'sign_in'
      ? 'Too many sign-in attempts for this account. Please wait and try again.'
      : 'Too many wrong passwords. Please wait and try again.';
  return new AppError('rate_limited', message, undefined, { 'Retry-After': String(Math.max(1, seconds)) }).withParams({
    reason: place,
    minutes: Math.max(1, Math.ceil(seconds / 60)),
  });
}
