import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { Spinner } from '#components/ui/Spinner';
import { errorMessage } from '#lib/errorMessage';
import { formatDateTime, formatPercent, formatSize } from '#lib/format';
import { useDataExport, useRequestDataExport } from './api';

/**
 * "Download my data" (docs/decisions/0250): asks the server for a ZIP of everything the account holds,
 * shows its progress while it is made (polled), then the download link for as long as the server keeps it.
 */
export function DataExportSection() {
  const { t, i18n } = useTranslation();
  const status = useDataExport();
  const ask = useRequestDataExport();
  const current = status.data?.export ?? null;
  const making = current?.status === 'queued' || current?.status === 'running';
  const hours = status.data ? t('dataExport.hours', { count: status.data.keptHours }) : null;

  return (
    <section id="data-export" aria-labelledby="export-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
        {t('dataExport.title')}
      </h2>
      {!status.data ? (
        status.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {errorMessage(status.error, t, i18n.exists)}
          </p>
        ) : (
          <Spinner label={t('common.loading')} />
        )
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">{t('dataExport.body', { hours })}</p>
          <div className="mt-4 grid gap-3" data-testid="data-export" data-status={current?.status ?? 'none'}>
            {making && current && (
              <div>
                <p className="text-sm font-medium text-slate-800" aria-live="polite">
                  {t('dataExport.making')} {formatPercent(current.progress, i18n.language)}
                </p>
                <div
                  role="progressbar"
                  aria-label={t('dataExport.progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={current.progress}
                  className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${current.progress}%` }} />
                </div>
              </div>
            )}
            {current?.status === 'ready' && current.downloadPath && (
              <div className="grid gap-2">
                <p className="text-sm text-slate-800" aria-live="polite">
                  {t('dataExport.ready', {
                    size: formatSize(current.size ?? 0, i18n.language),
                    date: formatDateTime(current.expiresAt, i18n.language),
                  })}
                </p>
                <a
                  href={current.downloadPath}
                  download
                  className="inline-flex items-center justify-center justify-self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {t('dataExport.download')}
                </a>
              </div>
            )}
            {current?.status === 'failed' && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {t('dataExport.failed')}
              </p>
            )}
            {ask.error && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorMessage(ask.error, t, i18n.exists)}
              </p>
            )}
            {!making && (
              <Button
                variant={current?.status === 'ready' ? 'secondary' : 'primary'}
                className="justify-self-start"
                disabled={ask.isPending}
                onClick={() => ask.mutate(i18n.language)}
              >
                {current?.status === 'ready' ? t('dataExport.askAgain') : t('dataExport.ask')}
              </Button>
            )}
            <p className="text-xs text-slate-500">{t('dataExport.once')}</p>
          </div>
        </>
      )}
    </section>
  );
}
