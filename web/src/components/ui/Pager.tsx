import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/** Previous / "Page 2 of 5" / Next under a paged list; nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  pages,
  setPage,
  testId,
}: {
  label: string;
  page: number;
  pages: number;
  setPage: Dispatch<SetStateAction<number>>;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
        {t('adminUsers.previous')}
      </Button>
      <p data-testid={testId} aria-live="polite" className="text-sm text-slate-600">
        {t('adminUsers.page', { page, pages })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((current) => current + 1)}>
        {t('adminUsers.next')}
      </Button>
    </nav>
  );
}
