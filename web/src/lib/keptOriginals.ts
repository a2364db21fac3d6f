// The browser's own copy of each original, so Compare still works after a reload (docs/decisions/0123).
// The server never keeps originals; this copy lives in this browser's IndexedDB only, for the visitor who
// made the result, until the result is removed or expires, within a size budget (oldest dropped first).

/** All kept originals together stay under this: about ten photos at the largest upload, dozens of phone photos. */
export const ORIGINALS_BUDGET_BYTES = 100 * 1024 * 1024;

const DB_NAME = 'lightpix-originals';
const STORE = 'originals';

export interface KeptOriginalFacts {
  resultId: string;
  /** 'user:<id>' or 'guest:<session>': another visitor on this browser never sees, and clears, these. */
  owner: string;
  size: number;
  keptAt: number;
  expiresAt: number;
}

interface KeptOriginal extends KeptOriginalFacts {
  file: Blob;
  name: string;
  type: string;
}

/**
 * Which kept originals must go: another visitor's, the expired, and beyond the budget the oldest
 * (the newest are kept first; one alone larger than the budget is not kept at all). `keptHere` are the
 * ones this page kept: theirs whatever owner they were written under (a guest's first upload starts
 * their session, so their id changes in this page).
 */
export function originalsToDrop(
  entries: readonly KeptOriginalFacts[],
  owner: string,
  now: number,
  budget = ORIGINALS_BUDGET_BYTES,
  keptHere: ReadonlySet<string> = new Set(),
): string[] {
  const drop: string[] = [];
  let total = 0;
  for (const entry of [...entries].sort((a, b) => b.keptAt - a.keptAt)) {
    const theirs = entry.owner === owner || keptHere.has(entry.resultId);
    if (!theirs || entry.expiresAt <= now || total + entry.size > budget) drop.push(entry.resultId);
    else total += entry.size;
  }
  return drop;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase | null> | null = null;

/** The database, or null where IndexedDB is missing or refused (private modes, blocked storage). */
function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const open = indexedDB.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'resultId' });
      open.onsuccess = () => {
        const db = open.result;
        // Another tab deleting the database (account deleted there) closes this one; open afresh next time.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      open.onerror = () => resolve(null);
      open.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T | null> {
  try {
    const db = await database();
    if (!db) return null;
    const transaction = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
    const result = await work(transaction.objectStore(STORE));
    await done;
    return result;
  } catch {
    // Full, blocked or broken storage: the original is simply not kept; Compare then says so.
    return null;
  }
}

/** Drops what originalsToDrop names, gives this page's own to the owner, and answers the ids still kept for them. */
export async function keptOriginalIds(owner: string, keptHere: ReadonlySet<string> = new Set(), now = Date.now()): Promise<Set<string>> {
  const kept = await withStore('readwrite', async (store) => {
    const entries = await request(store.getAll() as IDBRequest<KeptOriginal[]>);
    const drop = new Set(originalsToDrop(entries, owner, now, ORIGINALS_BUDGET_BYTES, keptHere));
    for (const id of drop) store.delete(id);
    const left = entries.filter((entry) => !drop.has(entry.resultId));
    for (const entry of left) if (entry.owner !== owner) store.put({ ...entry, owner });
    return new Set(left.map((entry) => entry.resultId));
  });
  return kept ?? new Set();
}

/** Whose kept originals a page shows: the signed-in user's, else the guest session's. */
export function keptOriginalsOwner(user: { id: string } | null, session: { id: string }): string {
  return user ? `user:${user.id}` : `guest:${session.id}`;
}

/** Ids read by a page's first reads (app/firstReads.ts), by owner, until the list takes them. */
const readFirst = new Map<string, Set<string>>();

/** Reads the owner's kept ids with the page's first reads, so its list renders once with them (docs/decisions/0284). */
export async function readKeptOriginalIdsFirst(owner: string): Promise<void> {
  readFirst.set(owner, await keptOriginalIds(owner));
}

/** What the first reads found for this owner, or null. */
export function keptOriginalIdsReadFirst(owner: string | null): Set<string> | null {
  return (owner && readFirst.get(owner)) || null;
}

/** The list has taken them: a later list reads the database again. */
export function forgetKeptOriginalIdsReadFirst(owner: string): void {
  readFirst.delete(owner);
}

/** Keeps a result's original; answers whether it is kept (too large, or no storage: false). */
export async function keepOriginal(resultId: string, owner: string, file: File, expiresAt: number): Promise<boolean> {
  if (file.size > ORIGINALS_BUDGET_BYTES) return false;
  const entry: KeptOriginal = { resultId, owner, size: file.size, keptAt: Date.now(), expiresAt, file, name: file.name, type: file.type };
  const stored = await withStore('readwrite', (store) => request(store.put(entry)));
  return stored !== null;
}

/** The kept original as a file again, or null when it is gone. */
export async function loadOriginal(resultId: string): Promise<File | null> {
  const entry = await withStore('readonly', (store) => request(store.get(resultId) as IDBRequest<KeptOriginal | undefined>));
  return entry ? new File([entry.file], entry.name, { type: entry.type }) : null;
}

export async function forgetOriginal(resultId: string): Promise<void> {
  await withStore('readwrite', (store) => request(store.delete(resultId)));
}

/** Every kept original gone (the account was deleted): the database itself is removed. */
export async function forgetAllOriginals(): Promise<void> {
  try {
    const db = await database();
    db?.close();
    opening = null;
    await request(indexedDB.deleteDatabase(DB_NAME) as IDBRequest<unknown>);
  } catch {
    // Nothing kept, or storage refused: nothing to clear.
  }
}
