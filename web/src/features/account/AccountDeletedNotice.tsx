import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { takeNotice, type PageNotice } from '#lib/notice';

let taken: PageNotice | null | undefined;
/** Taken from storage at the first read and kept for this page load, so it shows once and stays until closed. */
const pageNotice = () => (taken ??= takeNotice());
const ignoreChanges = () => () => {};

/**
 * After the account is deleted the browser loads the home page afresh; this says what happened there,
 * in the visitor's language, once.
 */
export function AccountDeletedNotice() {
  const { t } = useTranslation();
  // The server's render has no notice; the browser's (after hydration) reads it once per page load.
  const notice = useSyncExternalStore(ignoreChanges, pageNotice, () => null);
  const [dismissed, setDismissed] = useState(false);
  const shown = notice === 'accountDeleted' && !dismissed;
  const box = useRef<HTMLDivElement>(null);
  // The page may open scrolled (the browser's restored position, a section link): the notice is brought into view (decision 0227).
  useEffect(() => {
    if (!shown) return;
    window.scrollTo(0, 0);
    box.current?.focus({ preventScroll: true });
  }, [shown]);

  if (!shown) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid="account-deleted-notice"
      className="border-b border-emerald-200 bg-emerald-50 outline-none"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="min-w-0 flex-1 text-sm text-emerald-900">
          <strong className="font-semibold">{t('billing.account.delete.done')}</strong> {t('billing.account.delete.doneBody')}
        </p>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="rounded-lg border border-emerald-300 bg-white px-3 py-1 text-sm text-emerald-900 hover:bg-emerald-100"
        >
          {t('billing.account.delete.dismiss')}
        </button>
      </div>
    </div>
  );
}
