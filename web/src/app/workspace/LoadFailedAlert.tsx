import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';

/** Shown when the session or the plans could not be loaded; the button asks again. */
export function LoadFailedAlert({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 sm:flex-row sm:items-center sm:justify-between">
      <p>{t('guest.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('guest.retry')}
      </Button>
    </div>
  );
}
