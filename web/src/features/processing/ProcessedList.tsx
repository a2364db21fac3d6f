import { apiPath, apiPaths, type ImageRecord } from '@lightpix/shared';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { ResultStatusBadge } from '#components/ui/ResultStatusBadge';
import { formatDateTime, formatLikeness, formatPercent, formatSize, percentSaved, splitFileName } from '#lib/format';
import { deckReportText } from '#lib/deckReport';
import { formatLabel } from '#lib/processingSettings';

// The before/after view loads when it is first opened, not with the page (docs/decisions/0278).
const loadCompareDialog = () => import('./CompareDialog');
const CompareDialog = lazy(() => loadCompareDialog().then((module) => ({ default: module.CompareDialog })));

interface ProcessedListProps {
  records: ImageRecord[];
  onRemove: (record: ImageRecord) => void;
  /** This visit's originals by result id, for the before/after comparison and the thumbnail. */
  originals?: ReadonlyMap<string, { file: File; thumbnail: string | null }>;
  /** Results whose original this browser kept from an earlier visit (null: not known yet), and how to read one. */
  kept?: { ids: ReadonlySet<string> | null; load: (resultId: string) => Promise<File | null> };
  /** The latest selection sent together: "Download all" zips its results. */
  batchId?: string | null;
  /** Older results wait on the server: "Show more" loads the next page. */
  more?: { loading: boolean; load: () => void };
}

/** Results of this visit: sizes, savings, status and download. */
export function ProcessedList({ records, onRemove, originals, kept, batchId, more }: ProcessedListProps) {
  const { t } = useTranslation();
  const [comparing, setComparing] = useState<{ id: string; file: File } | null>(null);
  // The rows are memoised (a re-render of the page leaves 20 cards alone, docs/decisions/0277): they get one
  // stable Compare handler that reads the originals as they are now.
  const sources = useRef({ originals, kept });
  useEffect(() => {
    sources.current = { originals, kept };
  }, [originals, kept]);
  const openCompare = useCallback(async (id: string) => {
    // Its code comes while the original is read.
    void loadCompareDialog();
    const file = sources.current.originals?.get(id)?.file ?? (await sources.current.kept?.load(id));
    if (file) setComparing({ id, file });
  }, []);
  if (records.length === 0) return null;
  const compareState = (record: ImageRecord): CompareState => {
    if (record.status !== 'completed' || record.objectPath === null || record.kind === 'deck') return 'none';
    if (originals?.has(record.id) || kept?.ids?.has(record.id)) return 'ready';
    return kept && kept.ids === null ? 'checking' : 'missing';
  };
  // The page's latest batch, else (after a reload) the newest result's batch.
  const zipBatch = batchId ?? records[0]?.batchId ?? null;
  const inBatch = zipBatch ? records.filter((record) => record.batchId === zipBatch && record.status === 'completed').length : 0;
  // The button says what the ZIP holds: "these" only when the list shows nothing else (decision 0223).
  const onlyBatch = !more && records.every((record) => record.batchId === zipBatch);
  const compared = comparing ? records.find((record) => record.id === comparing.id) : undefined;
  return (
    <section aria-labelledby="processed-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="processed-heading" className="text-lg font-semibold text-slate-900">
          {t('results.heading')}
        </h2>
        {zipBatch && inBatch > 1 && (
          <a
            href={apiPath(apiPaths.batchZip, { batchId: zipBatch })}
            download
            data-testid="download-all"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t(onlyBatch ? 'results.downloadThese' : 'results.downloadSelection', { count: inBatch })}
          </a>
        )}
      </div>
      <ul className="space-y-3">
        {records.map((record) => (
          <ResultRow
            key={record.id}
            record={record}
            thumbnail={originals?.get(record.id)?.thumbnail ?? null}
            compare={compareState(record)}
            onCompare={openCompare}
            onRemove={onRemove}
          />
        ))}
      </ul>
      {more && (
        <button
          type="button"
          data-testid="results-more"
          disabled={more.loading}
          onClick={more.load}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:text-slate-400"
        >
          {more.loading ? t('common.loading') : t('results.showMore')}
        </button>
      )}
      {compared && comparing && (
        <Suspense fallback={null}>
          <CompareDialog record={compared} original={comparing.file} onClose={() => setComparing(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** ready: the original is here; missing: not on this device (the button stays and says why); none: nothing to compare. */
type CompareState = 'ready' | 'checking' | 'missing' | 'none';

interface ResultRowProps {
  record: ImageRecord;
  thumbnail: string | null;
  compare: CompareState;
  onCompare: (id: string) => Promise<void>;
  onRemove: (record: ImageRecord) => void;
}

/** A deck in the list: PowerPoint's picture, not a thumbnail (the result is a .pptx). */
function DeckIcon() {
  const { t } = useTranslation();
  return (
    <svg
      data-testid="result-deck-icon"
      role="img"
      aria-label={t('decks.deckIcon')}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className="size-14 shrink-0 rounded-md bg-orange-50 p-3 text-orange-600"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3.75 4.5h16.5M4.5 4.5v10.5a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5V4.5M12 16.5V21m-3 0h6M8.25 12.75 11 9.75l2.25 2.25 3-3.75"
      />
    </svg>
  );
}

/** A file name cut in its middle when it does not fit, its end and extension always shown (decision 0226). */
function FileName({ name }: { name: string }) {
  const { head, tail } = splitFileName(name);
  return (
    <p data-testid="result-name" className="flex min-w-0 font-medium text-slate-900" title={name}>
      {/* Read whole, shown in two parts so the cut falls in the middle. */}
      <span className="sr-only">{name}</span>
      <span aria-hidden="true" className="truncate">
        {head}
      </span>
      <span aria-hidden="true" className="shrink-0 whitespace-pre">
        {tail}
      </span>
    </p>
  );
}

const ResultRow = memo(function ResultRow({ record, thumbnail, compare, onCompare, onRemove }: ResultRowProps) {
  const { t, i18n } = useTranslation();
  const saved = percentSaved(record.originalSize, record.processedSize);
  const completed = record.status === 'completed';
  const action = 'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50';
  return (
    // Phone-sized (decision 0226): at most 200 px tall at 360 px, every line one line.
    <li data-testid="result-row" className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex gap-3">
        {record.kind === 'deck' ? (
          <DeckIcon />
        ) : completed && record.objectPath ? (
          // This visit's thumbnail was made in the browser; after a reload the result itself is shown small.
          <img
            src={thumbnail ?? record.objectPath}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            data-testid="result-thumbnail"
            className="size-14 shrink-0 rounded-md bg-slate-100 object-cover"
          />
        ) : (
          <div aria-hidden="true" className="size-14 shrink-0 rounded-md bg-slate-100" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <FileName name={record.originalName} />
              {record.folder && <p className="truncate text-xs text-slate-500">{record.folder}</p>}
            </div>
            <ResultStatusBadge status={record.status} />
          </div>
          <p data-testid="result-sizes" className="text-sm text-slate-600">
            <span className="whitespace-nowrap">{formatSize(record.originalSize, i18n.language)} →</span>{' '}
            <span className="font-semibold whitespace-nowrap text-slate-900">{formatSize(record.processedSize, i18n.language)}</span>
            {completed && (
              <>
                {' '}
                <span className={clsx('font-semibold whitespace-nowrap', saved > 0 ? 'text-emerald-700' : 'text-slate-500')}>
                  {saved > 0 && t('results.saved', { value: formatPercent(saved, i18n.language) })}
                  {saved === 0 && t('results.noSavings')}
                  {saved < 0 && t('results.larger', { value: formatPercent(-saved, i18n.language) })}
                </span>
              </>
            )}
          </p>
          {record.kind === 'deck' && record.report && (
            <p data-testid="result-deck-report" className="text-sm text-slate-600">
              {deckReportText(record.report, t)}
            </p>
          )}
          {completed && record.similarity !== null && (
            <p data-testid="result-look" className="text-sm text-slate-600">
              {t('results.looks', { value: formatLikeness(record.similarity, i18n.language) })}
            </p>
          )}
          {completed && record.kind !== 'deck' && (
            <p className="truncate text-xs text-slate-500">
              {formatLabel(record.format)} · {record.width}×{record.height} ·{' '}
              {record.smart ? t('results.smartQuality') : t('results.quality', { value: formatPercent(record.quality, i18n.language) })}
              {' · '}
              {t('results.availableUntil', { time: formatDateTime(record.expiresAt, i18n.language) })}
            </p>
          )}
          {record.alreadyOptimal && (
            <p className="truncate text-xs text-slate-500" title={t('results.alreadyOptimal')}>
              {t('results.alreadyOptimal')}
            </p>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {record.objectPath && (
          <a
            href={record.objectPath}
            download
            data-testid="download-link"
            aria-label={t('results.downloadNamed', { name: record.originalName })}
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-1 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
              <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
            </svg>
            {t('results.download')}
          </a>
        )}
        {compare !== 'none' && (
          <button
            type="button"
            onClick={() => void onCompare(record.id)}
            disabled={compare !== 'ready'}
            aria-label={t('compare.openNamed', { name: record.originalName })}
            aria-describedby={compare === 'missing' ? `${record.id}-no-original` : undefined}
            data-testid="compare-button"
            className={clsx(action, 'disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-white')}
          >
            {t('compare.open')}
          </button>
        )}
        {/* A bin, named for screen readers and on hover: the row keeps its three actions on one line in every language. */}
        <button
          type="button"
          onClick={() => onRemove(record)}
          aria-label={t('results.removeNamed', { name: record.originalName })}
          title={t('results.remove')}
          className={clsx(action, 'px-2')}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path
              fillRule="evenodd"
              d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
              clipRule="evenodd"
            />
          </svg>
        </button>
      </div>
      {compare === 'missing' && (
        // The server never keeps originals: Compare needs the copy this browser kept, and this one has none.
        <p id={`${record.id}-no-original`} data-testid="compare-unavailable" className="mt-1 text-xs text-slate-600">
          {t('compare.notKept')}
        </p>
      )}
    </li>
  );
});
