import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths, deckTargets, type DeckTarget, type ImageRecord, type Plan } from '@lightpix/shared';
import { useToast } from '#components/ui/Toast';
import { deckReportText } from '#lib/deckReport';
import { sendWhileBusy } from '#lib/busyRetry';
import { errorMessage } from '#lib/errorMessage';
import { formatMb, formatPercent, formatSize, percentSaved } from '#lib/format';
import { queryKeys } from '#lib/queryKeys';
import { useResultPages, withRecordFirst, type ResultPages } from '#lib/resultPages';
import { useDeckProgress } from './deckProgress';
import { processDeck } from './processDeck';
import { deckAccept, selectDecks } from './selectDecks';

interface DeckEntry {
  key: string;
  file: File;
  /** 'busy': the server was full; the deck goes again by itself in `busySeconds` (docs/decisions/0162). */
  state: 'waiting' | 'uploading' | 'optimising' | 'busy' | 'done' | 'failed';
  percent: number;
  busySeconds?: number;
  error?: string;
}

interface DeckToolProps {
  plan: Plan;
  /** Page content below the decks; it learns which decks the list shows, so a history can leave them out. */
  children?: (shownDeckIds: ReadonlySet<string>) => ReactNode;
}

/**
 * The premium PowerPoint tool: a target, the upload area in PowerPoint mode, then the decks in progress
 * and the user's decks still downloadable, from the server, so they survive a reload.
 */
export function DeckTool({ plan, children }: DeckToolProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [target, setTarget] = useState<DeckTarget>('screen');
  const [entries, setEntries] = useState<DeckEntry[]>([]);
  const [dragging, setDragging] = useState(false);
  const decks = useResultPages(apiPaths.results, queryKeys.deckResults, { kind: 'deck' });
  // Decks still being optimised, sent from here or found in the list after a reload, are polled to the end.
  const failed = useDeckProgress(decks.items);
  // A finished deck leaves the local list for the server's, where it stays after a reload.
  const working = entries.filter((entry) => entry.state !== 'done');
  const shownDeckIds = useMemo(() => new Set(decks.items.map((record) => record.id)), [decks.items]);
  const busy = entries.some(
    (entry) => entry.state === 'uploading' || entry.state === 'optimising' || entry.state === 'waiting' || entry.state === 'busy',
  );
  // Leaving the page ends a wait for a busy server: the deck is not sent again unseen.
  const waits = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    waits.current = controller;
    return () => controller.abort();
  }, []);
  const size = formatMb(plan.maxPresentationBytes, i18n.language);
  const update = (key: string, change: Partial<DeckEntry>) =>
    setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  async function start(files: File[]) {
    const { accepted, rejected } = selectDecks(files, { maxBytes: plan.maxPresentationBytes, count: plan.filesPerSelection });
    if (rejected.length > 0) {
      toast({
        variant: 'destructive',
        title: t('decks.upload.rejectedTitle', { count: rejected.length }),
        description: rejected
          .map(({ name, reason }) =>
            t(`decks.upload.rejected${reason === 'type' ? 'Type' : reason === 'size' ? 'Size' : 'Count'}`, {
              name,
              size,
              count: plan.filesPerSelection,
            }),
          )
          .join(' '),
      });
    }
    const added = accepted.map((file) => ({
      key: `${Date.now()}-${Math.random()}-${file.name}`,
      file,
      state: 'waiting' as const,
      percent: 0,
    }));
    setEntries((all) => [...added, ...all]);
    // One after another: each deck is heavy work on the server.
    for (const entry of added) {
      update(entry.key, { state: 'uploading' });
      try {
        const record = await sendWhileBusy(
          () =>
            processDeck(entry.file, target, (percent) =>
              update(entry.key, percent >= 100 ? { percent, state: 'optimising' } : { percent, state: 'uploading' }),
            ),
          { signal: waits.current.signal, onWait: (seconds) => update(entry.key, { state: 'busy', busySeconds: seconds, percent: 0 }) },
        );
        queryClient.setQueryData<ResultPages>(queryKeys.deckResults, (data) => withRecordFirst(data, record));
        update(entry.key, { state: 'done' });
      } catch (error) {
        update(entry.key, { state: 'failed', error: errorMessage(error, t, i18n.exists) });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.history }),
      ]);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!busy) void start(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="space-y-6">
      <fieldset className="rounded-2xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('decks.target.legend')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {deckTargets.map((option) => (
            <label
              key={option}
              className={clsx(
                'flex cursor-pointer gap-2 rounded-xl border p-3',
                target === option ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name="deck-target"
                value={option}
                checked={target === option}
                disabled={busy}
                onChange={() => setTarget(option)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`decks.target.${option}`)}</span>
                <span className="block text-sm text-slate-600">{t(`decks.target.${option}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div
        data-testid="deck-upload-area"
        role="group"
        aria-label={t('decks.upload.label')}
        aria-describedby={hintId}
        aria-disabled={busy ? 'true' : undefined}
        onClick={() => {
          if (!busy) inputRef.current?.click();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          'flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-10 text-center',
          busy ? 'cursor-not-allowed border-slate-200 bg-slate-50' : 'cursor-pointer border-brand-300 bg-white hover:border-brand-500',
          dragging && 'border-brand-600 bg-brand-50',
        )}
      >
        <p className="text-lg font-semibold text-slate-800">{t('decks.upload.drop')}</p>
        <p id={hintId} className="text-sm text-slate-600">
          {t('decks.upload.hint', { size, count: plan.filesPerSelection })}
        </p>
        <input
          ref={inputRef}
          type="file"
          data-testid="deck-input"
          aria-label={t('decks.upload.label')}
          accept={deckAccept}
          multiple={plan.filesPerSelection > 1}
          disabled={busy}
          className="sr-only"
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void start(files);
          }}
        />
      </div>

      {(working.length > 0 || failed.length > 0 || decks.items.length > 0) && (
        <section aria-labelledby="deck-results-heading" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="deck-results-heading" className="text-lg font-semibold text-slate-900">
            {t('decks.results.heading')}
          </h2>
          <ul className="divide-y divide-slate-100">
            {working.map((entry) => (
              <DeckRow key={entry.key} name={entry.file.name} entry={entry} />
            ))}
            {failed.map((deck) => (
              <DeckRow key={deck.id} name={deck.name} error={deck.error} />
            ))}
            {decks.items.map((record) => (
              <DeckRow key={record.id} name={record.originalName} record={record} />
            ))}
          </ul>
          {decks.hasNextPage && (
            <button
              type="button"
              data-testid="decks-more"
              disabled={decks.isFetchingNextPage}
              onClick={() => void decks.fetchNextPage()}
              className="mt-3 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:text-slate-400"
            >
              {decks.isFetchingNextPage ? t('common.loading') : t('results.showMore')}
            </button>
          )}
        </section>
      )}
      {children?.(shownDeckIds)}
    </div>
  );
}

/** A deck on its way (`entry`), listed by the server (`record`, still 'processing' or done), or failed after it was listed (`error`). */
function DeckRow({ name, entry, record, error }: { name: string; entry?: DeckEntry; record?: ImageRecord; error?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li data-testid="deck-row" className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all text-slate-900">{name}</p>
        {entry && (entry.state === 'uploading' || entry.state === 'waiting') ? (
          <div
            role="progressbar"
            aria-label={t('decks.results.uploading', { percent: formatPercent(entry.percent, i18n.language) })}
            aria-valuenow={entry.percent}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-2 h-2 w-full max-w-xs rounded-full bg-slate-100"
          >
            <div className="h-2 rounded-full bg-brand-500" style={{ width: `${entry.percent}%` }} />
          </div>
        ) : entry?.state === 'optimising' || record?.status === 'processing' ? (
          <p role="status" className="mt-1 text-sm text-slate-600">
            {t('decks.results.optimising')}
          </p>
        ) : entry?.state === 'busy' ? (
          <p role="status" data-testid="deck-busy" className="mt-1 text-sm text-amber-900">
            {t('selected.serverBusy', { seconds: entry.busySeconds ?? 0 })}
          </p>
        ) : entry?.state === 'failed' || error ? (
          <p role="alert" data-testid="deck-error" className="mt-1 text-sm text-red-700">
            {entry?.error ?? error}
          </p>
        ) : record ? (
          <>
            <p data-testid="deck-sizes" className="mt-1 text-sm text-slate-700">
              {formatSize(record.originalSize, i18n.language)} → {formatSize(record.processedSize, i18n.language)}
              {!record.alreadyOptimal &&
                ` · ${t('decks.results.saved', { percent: formatPercent(percentSaved(record.originalSize, record.processedSize), i18n.language) })}`}
            </p>
            <p data-testid="deck-report" className="text-sm text-slate-600">
              {record.alreadyOptimal ? t('decks.results.alreadyOptimal') : record.report ? deckReportText(record.report, t) : ''}
              {record.report?.convertedFromPpt && ` ${t('decks.results.fromPpt')}`}
            </p>
          </>
        ) : null}
      </div>
      {record?.objectPath && (
        <a
          href={record.objectPath}
          download
          data-testid="deck-download"
          aria-label={t('decks.results.downloadNamed', { name })}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('decks.results.download')}
        </a>
      )}
    </li>
  );
}
