import type { FastifyRequest } from 'fastify';
import type { Plan } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { ApiKeyRow, UserRow } from '../../db/schema/index.js';
import type { PlanTable } from '../plans/index.js';
import { allowedPlan, type QuotaOwner } from '../quota/index.js';
import { findLiveKey, markKeyUsed, useLiveKey } from '../keys/index.js';
import { unauthorized } from './errors.js';

/** Who an API call is from: a live key, its active owner and their plan. */
export interface ApiCaller {
  key: ApiKeyRow;
  user: UserRow;
  owner: QuotaOwner;
  plan: Plan;
}

/** The key of `Authorization: Basic base64(api:KEY)`; the user name is not checked, as Tinify does not. */
export function presentedKey(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const key = decoded.slice(decoded.indexOf(':') + 1);
  return key || null;
}

/** The caller of a request that presents a live key, without any side effect; null otherwise. */
export async function identifyCaller(request: FastifyRequest, db: Database, plans: PlanTable): Promise<ApiCaller | null> {
  const key = presentedKey(request.headers.authorization);
  const found = key ? await findLiveKey(db, key) : null;
  return found && callerOf(request, found, plans);
}

function callerOf(request: FastifyRequest, found: { key: ApiKeyRow; user: UserRow }, plans: PlanTable): ApiCaller {
  // Results made through the API carry the key in place of a browser's guest session.
  const owner: QuotaOwner = { guestSessionId: `api-key:${found.key.id}`, userId: found.user.id, clientIp: request.ip };
  return { ...found, owner, plan: allowedPlan(plans, { tier: found.user.tier, user: found.user }) };
}

/** Only a key authenticates: cookies are never read here. A revoked key or a deactivated owner is refused at once. */
export async function authenticate(request: FastifyRequest, db: Database, plans: PlanTable, now: Date): Promise<ApiCaller> {
  if (!request.headers.authorization) {
    throw unauthorized('Send your API key with HTTP Basic authentication: user "api", password your key.');
  }
  // A live key of an active owner is found and marked used at once (decision 0169).
  const key = presentedKey(request.headers.authorization);
  const used = key ? await useLiveKey(db, key, now) : null;
  if (used) return callerOf(request, used, plans);
  // Refused: which refusal is read again, nothing marked.
  const caller = await identifyCaller(request, db, plans);
  if (!caller) throw unauthorized();
  if (!caller.user.isActive) throw unauthorized('This account has been deactivated, so its API keys no longer work.');
  // Reactivated between the two reads: accepted, as the owner is active now.
  await markKeyUsed(db, caller.key.id, now);
  return caller;
}
