import type { ImageRecord } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { deckReportText } from '#lib/deckReport';
import { Button } from '#components/ui/Button';
import { ResultStatusBadge } from '#components/ui/ResultStatusBadge';
import { formatDateTime, formatSize } from '#lib/format';
import { useHistory } from './api';

/**
 * The signed-in user's results, newest first, a page of 20 at a time (docs/decisions/0120-results-paged-by-cursor.md),
 * without those `hide` names: the page already lists this visit's results above. `kind` narrows it to decks on /powerpoint.
 */
export function HistorySection({ hide, kind }: { hide?: ReadonlySet<string>; kind?: 'image' | 'deck' }) {
  const { t } = useTranslation();
  const history = useHistory(true, kind);
  const items = history.items.filter((record) => !hide?.has(record.id));
  const hiddenAll = history.isSuccess && history.items.length > 0 && items.length === 0;
  // Every result of the history is listed above and no older one follows: no card with a bare heading.
  if (hiddenAll && !history.hasNextPage) return null;

  return (
    <section aria-labelledby="history-heading" data-testid="history" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        {t('history.heading')}
      </h2>
      {history.isPending && <p className="mt-3 text-sm text-slate-500">{t('common.loading')}</p>}
      {history.isError && (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-800">
          <p>{t('history.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {t('guest.retry')}
          </Button>
        </div>
      )}
      {history.isSuccess && history.items.length === 0 && (
        <p className="mt-3 text-sm text-slate-500">{t(kind === 'deck' ? 'decks.results.empty' : 'history.empty')}</p>
      )}
      {hiddenAll && <p className="mt-3 text-sm text-slate-500">{t('history.olderHint')}</p>}
      {items.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((record) => (
            <HistoryRow key={record.id} record={record} />
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          data-testid="history-more"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? t('common.loading') : t('history.showMore')}
        </Button>
      )}
    </section>
  );
}

function HistoryRow({ record }: { record: ImageRecord }) {
  const { t, i18n } = useTranslation();
  return (
    <li data-testid="history-row" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        {/* One line with an ellipsis, the full name on hover, so a phone's rows stay short. */}
        <p className="flex items-center gap-2 font-medium text-slate-900" title={record.originalName}>
          {record.kind === 'deck' && (
            <svg
              data-testid="history-deck-icon"
              role="img"
              aria-label={t('decks.deckIcon')}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              className="size-5 shrink-0 text-orange-600"
            >
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M3.75 4.5h16.5M4.5 4.5v10.5a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5V4.5M12 16.5V21m-3 0h6M8.25 12.75 11 9.75l2.25 2.25 3-3.75"
              />
            </svg>
          )}
          <span className="truncate">{record.originalName}</span>
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          {formatSize(record.originalSize, i18n.language)} → {formatSize(record.processedSize, i18n.language)}
          {' · '}
          <time dateTime={record.createdAt} className="whitespace-nowrap">
            {formatDateTime(record.createdAt, i18n.language)}
          </time>
        </p>
        {record.kind === 'deck' && record.report && (
          <p data-testid="history-deck-report" className="text-sm text-slate-600">
            {deckReportText(record.report, t)}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <ResultStatusBadge status={record.status} testId="history-status" />
        {record.objectPath && record.status !== 'expired' && (
          <a
            href={record.objectPath}
            download
            data-testid="history-download"
            aria-label={t('results.downloadNamed', { name: record.originalName })}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('results.download')}
          </a>
        )}
      </div>
    </li>
  );
}
