import { useSyncExternalStore } from 'react';

/** The visitor's answer to the cookie banner: advertising (and any other non-technical storage) or none. */
export type ConsentChoice = 'accepted' | 'rejected';

/** Where the choice is kept (browser storage, never sent to the server); the cookie policy names it. */
export const CONSENT_STORAGE_KEY = 'lightpix_consent';
/** Raised when the banner's purposes change, so everyone is asked again. */
const CONSENT_VERSION = 1;
/** The Garante's 2021 cookie guidelines: ask again no sooner than six months after a choice. */
export const CONSENT_MAX_AGE_DAYS = 180;

interface StoredConsent {
  choice: ConsentChoice;
  decidedAt: string;
  version: number;
}

/** The stored choice, or null when there is none, it is unreadable, outdated or older than six months. */
export function readConsent(raw: string | null, now: Date): ConsentChoice | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    if (stored.version !== CONSENT_VERSION) return null;
    if (stored.choice !== 'accepted' && stored.choice !== 'rejected') return null;
    const decidedAt = Date.parse(stored.decidedAt ?? '');
    if (Number.isNaN(decidedAt) || decidedAt > now.getTime()) return null;
    if (now.getTime() - decidedAt > CONSENT_MAX_AGE_DAYS * 24 * 3600 * 1000) return null;
    return stored.choice;
  } catch {
    return null;
  }
}

export function serialiseConsent(choice: ConsentChoice, now: Date): string {
  const stored: StoredConsent = { choice, decidedAt: now.toISOString(), version: CONSENT_VERSION };
  return JSON.stringify(stored);
}

export interface ConsentState {
  choice: ConsentChoice | null;
  /** The banner shows while no choice exists, or after "Cookie settings" asked for it again. */
  bannerOpen: boolean;
}

function loadStored(): ConsentChoice | null {
  try {
    return readConsent(localStorage.getItem(CONSENT_STORAGE_KEY), new Date());
  } catch {
    return null;
  }
}

let state: ConsentState = { choice: null, bannerOpen: false };
let loaded = false;
const listeners = new Set<() => void>();

function setState(next: ConsentState) {
  state = next;
  for (const listener of listeners) listener();
}

function snapshot(): ConsentState {
  if (!loaded) {
    loaded = true;
    const choice = loadStored();
    state = { choice, bannerOpen: choice === null };
  }
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CONSENT_STORAGE_KEY) return;
    const choice = loadStored();
    setState({ choice, bannerOpen: choice === null });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot: ConsentState = { choice: null, bannerOpen: false };

/** The current consent and whether the banner is open; re-renders when either changes. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, snapshot, () => serverSnapshot);
}

/** Records the visitor's choice and closes the banner. */
export function decideConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, serialiseConsent(choice, new Date()));
  } catch {
    // Storage may be blocked (private mode); the choice then lasts for this page only.
  }
  setState({ choice, bannerOpen: false });
}

/** "Cookie settings": shows the banner again so the choice can be changed. */
export function openConsentSettings(): void {
  setState({ ...snapshot(), bannerOpen: true });
}
