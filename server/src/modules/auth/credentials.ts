import { randomInt, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { CurrentUser, LoginRequest } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldRefusal } from '../../core/errors.js';
import { deactivated } from '../session/index.js';
import { guardPasswordCheck } from './password-attempts.js';
import type { PlanTable } from '../plans/index.js';
import { awaitsEmailConfirmation } from '../quota/index.js';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Hashed once at start-up, so an unknown e-mail costs as much time as a wrong password. */
const decoyHash = hash('lightpix-decoy-password');

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

/** A readable, unique handle from the e-mail's local part when the user leaves it blank. */
function generatedUsername(email: string): string {
  const base =
    email
      .split('@')[0]!
      .replace(/[^\p{L}\p{N}._-]/gu, '')
      .slice(0, 30) || 'user';
  return `${base}${randomInt(1000, 10000)}`;
}

export async function registerUser(db: Database, input: NewUser): Promise<UserRow> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw emailTaken();
  const passwordHash = await hash(input.password);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = input.username || generatedUsername(input.email);
    try {
      const [row] = await db
        .insert(users)
        .values({ id: randomUUID(), username, email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName })
        .returning();
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [sameEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (sameEmail) throw emailTaken();
      if (input.username)
        throw fieldRefusal('conflict', 'This username is taken.', 'username', { code: 'username_taken' }).withParams({
          reason: 'username_taken',
        });
    }
  }
  throw fieldRefusal(
    'conflict',
    'Could not find a free username. Please choose one.',
    'username',
    { code: 'username_needed' },
    'Please choose a username.',
  ).withParams({
    reason: 'username_needed',
  });
}

function emailTaken(): AppError {
  return fieldRefusal('conflict', 'An account with this e-mail already exists.', 'email', { code: 'email_taken' }).withParams({
    reason: 'email_taken',
  });
}

/**
 * One answer for an unknown e-mail and a wrong password, so accounts cannot be discovered by signing in;
 * both count as a failure of this address on this account (docs/decisions/0188).
 */
export async function verifyCredentials(db: Database, credentials: LoginRequest, from: { clientIp: string; now: Date }): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.email, credentials.email));
  const matches = await guardPasswordCheck(db, { account: credentials.email, clientIp: from.clientIp }, from.now, 'sign_in', async () =>
    verify(user?.passwordHash ?? (await decoyHash), credentials.password),
  );
  if (!user || !matches) throw new AppError('not_signed_in', 'Wrong e-mail or password.').withParams({ reason: 'credentials' });
  if (!user.isActive) throw deactivated();
  return user;
}

export function toCurrentUser(user: UserRow, plans: PlanTable): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    tier: user.tier,
    isAdmin: isAdmin(user),
    confirmEmail: awaitsEmailConfirmation(plans, { tier: user.tier, user }),
  };
}

/**
 * Admin is a role apart from the tier, never from paying nor from signing up with an address: ADMIN_EMAIL at
 * start, the operator command, or an ADMIN_EMAILS address's owner following its mailed link (docs/decisions/0189).
 */
export function isAdmin(user: UserRow): boolean {
  return user.isAdmin;
}
