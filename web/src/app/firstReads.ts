import { ACCOUNT_PATH } from '@lightpix/shared';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '#lib/currentUser';
import { keptOriginalsOwner, readKeptOriginalIdsFirst } from '#lib/keptOriginals';
import { billingAccountQuery } from '../features/billing/api';
import { currentResultsQuery } from '../features/processing/api';
import { plansQuery, sessionQuery } from '../features/session/api';

/** Pages whose workspace lists the visitor's results: the list is read first too, once it is known whose (decision 0277). */
const LISTING = new Set(['/', '/images', '/guest']);

/** A slow answer does not hold the page longer than this: it then renders with its loading states. */
const WAIT_AT_MOST_MS = 3000;

/**
 * The reads nearly every page shows (who is signed in, the session's allowance, the plans), asked for
 * as the app starts, beside its texts, so the first render already has them and nothing moves when
 * they arrive (docs/decisions/0218).
 */
export async function readFirst(client: QueryClient, pathname: string): Promise<void> {
  const user = client.fetchQuery(currentUserQuery).catch(() => undefined);
  const list = LISTING.has(pathname)
    ? user.then((signedIn) => (signedIn === undefined ? undefined : client.prefetchInfiniteQuery(currentResultsQuery(Boolean(signedIn)))))
    : undefined;
  const session = client.fetchQuery(sessionQuery).catch(() => undefined);
  // Which results this browser kept originals of: the list then renders once, with its Compare buttons as they stay (0284).
  const kept = LISTING.has(pathname)
    ? Promise.all([user, session]).then(([signedIn, guest]) =>
        signedIn === undefined || !guest ? undefined : readKeptOriginalIdsFirst(keptOriginalsOwner(signedIn, guest)),
      )
    : undefined;
  // /account shows the plan card first: read with the rest, it does not come in after the page and move what is below it (0284).
  const billing =
    pathname === ACCOUNT_PATH ? user.then((signedIn) => (signedIn ? client.prefetchQuery(billingAccountQuery) : undefined)) : undefined;
  const reads = Promise.all([user, session, client.prefetchQuery(plansQuery), list, kept, billing]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([reads, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_AT_MOST_MS)))]);
  clearTimeout(timer);
}
