// A notice that must outlive a full page load (e.g. "Account deleted" on the home page after the account is gone).
// Kept in sessionStorage, not the address: a link cannot fake it, and it shows once.

export type PageNotice = 'accountDeleted';

const KEY = 'lightpix.notice';

export function leaveNotice(notice: PageNotice): void {
  try {
    sessionStorage.setItem(KEY, notice);
  } catch {
    // Storage blocked (private mode): the page then opens without the notice.
  }
}

/** True when a notice waits: the landing page then starts its app at once to show it (web/src/boot.ts). */
export function noticeWaiting(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The waiting notice, removed as it is read. */
export function takeNotice(): PageNotice | null {
  try {
    const notice = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return notice === 'accountDeleted' ? notice : null;
  } catch {
    return null;
  }
}
