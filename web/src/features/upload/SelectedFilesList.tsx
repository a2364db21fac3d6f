import { useTranslation } from 'react-i18next';
import { formatPercent, formatSize } from '#lib/format';
import { estimateOutput, type ProcessingSettings } from '#lib/processingSettings';
import { errorMessage, isFileRefusal } from '#lib/errorMessage';
import type { SelectedImage, UploadState } from '#lib/selectedImage';

interface SelectedFilesListProps {
  images: SelectedImage[];
  settings: ProcessingSettings;
  onRemove: (id: string) => void;
  /** True while files are being sent. */
  busy?: boolean;
  /** Starts no more files and ends the waits for a busy server; those on their way finish. */
  onCancel?: () => void;
}

/** Files waiting to be processed, each with a before/after preview. */
export function SelectedFilesList({ images, settings, onRemove, busy = false, onCancel }: SelectedFilesListProps) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  const sending = images.filter((image) => isInFlight(image.state)).length;
  const waiting = images.filter((image) => image.state.kind === 'idle').length;
  const waitingForServer = images.filter((image) => image.state.kind === 'busy').length;
  return (
    <section aria-labelledby="selected-heading" className="space-y-3">
      <h2 id="selected-heading" className="text-lg font-semibold text-slate-900">
        {t('selected.heading', { count: images.length })}
      </h2>
      {busy && (images.length > 1 || waitingForServer > 0) && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-800">
          <p role="status" data-testid="batch-progress">
            {t('selected.batchProgress', { sending, waiting })}
          </p>
          {onCancel && (waiting > 0 || waitingForServer > 0) && (
            <button
              type="button"
              onClick={onCancel}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
            >
              {/* One file has no "rest": what the button ends is its wait for a busy server. */}
              {t(images.length === 1 ? 'selected.stopWaiting' : 'selected.cancel')}
            </button>
          )}
        </div>
      )}
      <ul className="space-y-3">
        {images.map((image) => (
          <SelectedFileRow key={image.id} image={image} settings={settings} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}

/** Sent and not yet answered for good: uploading, being processed, or waiting to be sent again to a busy server. */
function isInFlight(state: UploadState): boolean {
  return state.kind === 'uploading' || state.kind === 'processing' || state.kind === 'busy';
}

function dimensions(width: number, height: number): string {
  return width > 0 && height > 0 ? `${width}×${height}` : '—';
}

function SelectedFileRow({
  image,
  settings,
  onRemove,
}: {
  image: SelectedImage;
  settings: ProcessingSettings;
  onRemove: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const original = { width: image.width, height: image.height, bytes: image.file.size, format: image.format };
  // Format, size in pixels and quality follow from the settings; the bytes are known only once optimised (docs/decisions/0122).
  const after = estimateOutput(original, settings);
  const inFlight = isInFlight(image.state);

  return (
    <li data-testid="selected-row" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        {image.thumbnail && (
          <img src={image.thumbnail} alt="" width={48} height={48} className="size-12 shrink-0 rounded-md object-cover" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all text-slate-900">{image.file.name}</p>
          {image.relativePath.includes('/') && (
            <p className="truncate text-xs text-slate-500">{image.relativePath.slice(0, image.relativePath.lastIndexOf('/'))}</p>
          )}
        </div>
        <button
          type="button"
          onClick={() => onRemove(image.id)}
          disabled={inFlight}
          aria-label={t('selected.remove', { name: image.file.name })}
          className="shrink-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-40"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('selected.before')}</dt>
          <dd className="mt-0.5 text-slate-700">
            {image.format} · {dimensions(image.width, image.height)} · {formatSize(image.file.size, i18n.language)}
          </dd>
        </div>
        <div className="rounded-lg bg-emerald-50 px-3 py-2">
          <dt className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">{t('selected.after')}</dt>
          <dd className="mt-0.5 text-slate-700">
            {after.format} · {after.size ? dimensions(after.size.width, after.size.height) : '—'} ·{' '}
            {image.readable === false ? (
              <span data-testid="estimate-unknown" title={t('refused.unreadable')}>
                {t('refused.unknownSize')}
              </span>
            ) : (
              <>
                {settings.quality === 'smart'
                  ? t('results.smartQuality')
                  : t('selected.quality', { value: formatPercent(settings.quality, i18n.language) })}{' '}
                · <span data-testid="size-later">{t('selected.sizeLater')}</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <UploadStatus state={image.state} />
    </li>
  );
}

function UploadStatus({ state }: { state: UploadState }) {
  const { t, i18n } = useTranslation();
  if (state.kind === 'idle') return null;
  if (state.kind === 'failed') {
    // One message per refusal, in the visitor's language, with the figures the server sent (docs/decisions/0142).
    const headline = errorMessage(state.error, t, (key) => i18n.exists(key));
    const refused = isFileRefusal(state.error);
    return (
      <div role="alert" data-testid="upload-failed" className="mt-3 space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        <p>
          <span className="font-semibold">{t('common.label', { label: t('selected.failed') })}</span> {headline}
        </p>
        {refused && <p className="text-red-700">{t('refused.replace')}</p>}
      </div>
    );
  }
  if (state.kind === 'busy') {
    // Said in words, not by colour alone; the row is not failed: it goes again by itself (docs/decisions/0162).
    return (
      <p role="status" data-testid="upload-busy" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {t('selected.serverBusy', { seconds: state.seconds })}
      </p>
    );
  }
  const uploading = state.kind === 'uploading';
  const label = uploading
    ? t('processing.uploading', { percent: formatPercent(state.percent, i18n.language) })
    : t('processing.processing');
  return (
    <div className="mt-3">
      <p className="mb-1 text-sm text-slate-600" aria-hidden="true">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={uploading ? 0 : undefined}
        aria-valuemax={uploading ? 100 : undefined}
        aria-valuenow={uploading ? state.percent : undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        {uploading ? (
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${state.percent}%` }} />
        ) : (
          <div className="progress-indeterminate h-full w-2/5 rounded-full bg-brand-500" />
        )}
      </div>
    </div>
  );
}
