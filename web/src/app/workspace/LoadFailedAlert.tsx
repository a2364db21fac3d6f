import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';

interface Retryable {
  isError: boolean;
  refetch: () => unknown;
}

/** Shown when the session or the plans could not be loaded; the button asks again for what failed. */
export function LoadFailedAlert({ queries }: { queries: readonly Retryable[] }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{t('guest.loadFailed')}</p>
      <Button variant="secondary" onClick={() => queries.filter((query) => query.isError).forEach((query) => void query.refetch())}>
        {t('guest.retry')}
      </Button>
    </div>
  );
}
