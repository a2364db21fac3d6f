import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { signUps } from '../../db/schema/index.js';
import { AppError } from '../../core/errors.js';

/** How many accounts an address and a device may create in a window (SIGNUPS_PER_ADDRESS, SIGNUPS_PER_DEVICE, SIGNUP_WINDOW_HOURS). */
export interface SignUpLimits {
  perAddress: number;
  perDevice: number;
  windowHours: number;
}

/** The device cookie: a random id, only to count sign-ups (docs/decisions/0191); it outlives any window the settings allow. */
export const DEVICE_COOKIE = 'lightpix_device';
export const DEVICE_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const DEVICE_ID = /^[0-9a-f-]{36}$/;

/** This browser's device id, set on the first sign-up attempt; a client without cookies counts by its address only. */
export function deviceOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const known = request.cookies[DEVICE_COOKIE];
  if (known && DEVICE_ID.test(known)) return known;
  const id = randomUUID();
  reply.setCookie(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_S });
  return id;
}

/**
 * Counts one sign-up against the address and the device, or refuses it (429 with Retry-After) past either
 * limit. Taken under advisory locks before the account is made, so a burst cannot pass together; `undo`
 * gives it back when the account was not made after all (an e-mail taken, a bad field).
 */
export async function takeSignUp(
  db: Database,
  limits: SignUpLimits,
  who: { clientIp: string; deviceId: string },
  now: Date,
): Promise<{ undo: () => Promise<void> }> {
  const id = randomUUID();
  const windowMs = limits.windowHours * 3600_000;
  const since = new Date(now.getTime() - windowMs);
  await db.transaction(async (tx) => {
    const keys = [`sign-up:ip:${who.clientIp}`, `sign-up:device:${who.deviceId}`].sort();
    await tx.execute(
      sql`select ${sql.join(
        keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`),
        sql`, `,
      )}`,
    );
    const byAddress = eq(signUps.clientIp, who.clientIp);
    const byDevice = eq(signUps.deviceId, who.deviceId);
    const [counts] = await tx
      .select({
        address: sql<number>`count(*) filter (where ${byAddress})`.mapWith(Number),
        device: sql<number>`count(*) filter (where ${byDevice})`.mapWith(Number),
      })
      .from(signUps)
      .where(and(gt(signUps.createdAt, since), or(byAddress, byDevice)));
    const over: [SQL, number, 'sign_ups_address' | 'sign_ups_device'][] = [];
    if ((counts?.address ?? 0) >= limits.perAddress) over.push([byAddress, limits.perAddress, 'sign_ups_address']);
    if ((counts?.device ?? 0) >= limits.perDevice) over.push([byDevice, limits.perDevice, 'sign_ups_device']);
    for (const [filter, limit, reason] of over) {
      // Another account may be made when the limit-th newest sign-up leaves the window.
      const [row] = await tx
        .select({ createdAt: signUps.createdAt })
        .from(signUps)
        .where(and(gt(signUps.createdAt, since), filter))
        .orderBy(sql`${signUps.createdAt} desc`)
        .offset(limit - 1)
        .limit(1);
      const seconds = Math.max(1, Math.ceil(((row?.createdAt.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
      const where = reason === 'sign_ups_address' ? 'this address' : 'this device';
      throw new AppError('rate_limited', `Too many accounts were created from ${where}. Please try again later.`, undefined, {
        'Retry-After': String(seconds),
      }).withParams({ reason, hours: Math.ceil(seconds / 3600) });
    }
    await tx.insert(signUps).values({ id, clientIp: who.clientIp, deviceId: who.deviceId, createdAt: now });
    // Rows past the longest window the settings allow say nothing any more.
    await tx.delete(signUps).where(lt(signUps.createdAt, new Date(now.getTime() - DEVICE_COOKIE_MAX_AGE_S * 1000)));
  });
  return {
    undo: async () => {
      await db.delete(signUps).where(eq(signUps.id, id));
    },
  };
}
