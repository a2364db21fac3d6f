import type { ImageRecord } from '@lightpix/shared';
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLikeness, formatPercent, formatSize, percentSaved } from '#lib/format';
import { formatLabel } from '#lib/processingSettings';

interface CompareDialogProps {
  record: ImageRecord;
  /** The browser's own copy of the original: shown from memory, never uploaded again. */
  original: File;
  onClose: () => void;
}

const MAX_ZOOM = 8;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Before/after over one another at the same zoom: a slider (mouse, touch or arrow keys) reveals the
 * original on the left; wheel or pinch zooms both, dragging pans both (docs/decisions/0048).
 */
export function CompareDialog({ record, original, onClose }: CompareDialogProps) {
  const { t, i18n } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [position, setPosition] = useState(50);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const originalUrl = useMemo(() => URL.createObjectURL(original), [original]);
  const [originalSize, setOriginalSize] = useState<{ width: number; height: number } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  useEffect(() => () => URL.revokeObjectURL(originalUrl), [originalUrl]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const saved = percentSaved(record.originalSize, record.processedSize);
  const zoomBy = (factor: number) =>
    setZoom((current) => {
      const next = clamp(current * factor, 1, MAX_ZOOM);
      if (next === 1) setPan({ x: 0, y: 0 });
      return next;
    });

  function onWheel(event: WheelEvent<HTMLDivElement>) {
    zoomBy(event.deltaY < 0 ? 1.2 : 1 / 1.2);
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), zoom };
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      setZoom(clamp((pinch.current.zoom * distance) / Math.max(1, pinch.current.distance), 1, MAX_ZOOM));
      return;
    }
    if (zoom > 1) {
      // Zoomed in: dragging pans both images together.
      setPan((current) => ({ x: current.x + (event.clientX - previous.x) / zoom, y: current.y + (event.clientY - previous.y) / zoom }));
    } else {
      // At full view: dragging moves the divider, as on a touch screen.
      const box = event.currentTarget.getBoundingClientRect();
      setPosition(clamp(((event.clientX - box.left) / box.width) * 100, 0, 100));
    }
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  }

  const transform = `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)`;
  const facts = (label: string, bytes: number, width: number, height: number, format: string) => (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-800">
        {formatLabel(format)} · {width > 0 ? `${width}×${height}` : '—'} · {formatSize(bytes, i18n.language)}
      </dd>
    </div>
  );

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="compare-title"
      data-testid="compare-dialog"
      onClose={onClose}
      className="m-auto w-[min(64rem,calc(100vw-1rem))] max-w-none rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="compare-title" className="min-w-0 truncate font-semibold text-slate-900">
          {t('compare.title', { name: record.originalName })}
        </h2>
        <button
          type="button"
          onClick={() => dialogRef.current?.close()}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
        >
          {t('compare.close')}
        </button>
      </div>
      <div
        data-testid="compare-stage"
        className="relative h-[min(70vh,40rem)] touch-none overflow-hidden bg-slate-100 select-none"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {record.objectPath && (
          <div className="absolute inset-0">
            <img
              src={record.objectPath}
              alt={t('compare.after')}
              draggable={false}
              className="size-full object-contain"
              style={{ transform }}
            />
          </div>
        )}
        {originalUrl && (
          // The clip sits on an unzoomed layer, so the divider stays where the slider says at any zoom.
          <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
            <img
              src={originalUrl}
              alt={t('compare.before')}
              draggable={false}
              data-testid="compare-before"
              onLoad={(event) => setOriginalSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
              className="size-full object-contain"
              style={{ transform }}
            />
          </div>
        )}
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${position}%` }} />
        <span className="pointer-events-none absolute top-2 left-2 rounded bg-slate-900/70 px-2 py-0.5 text-xs text-white">
          {t('compare.before')}
        </span>
        <span className="pointer-events-none absolute top-2 right-2 rounded bg-slate-900/70 px-2 py-0.5 text-xs text-white">
          {t('compare.after')}
        </span>
      </div>
      <div className="space-y-3 px-4 py-3">
        <label className="block text-sm text-slate-700">
          <span className="sr-only">{t('compare.slider')}</span>
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={Math.round(position)}
            onChange={(event) => setPosition(Number(event.currentTarget.value))}
            aria-label={t('compare.slider')}
            aria-valuetext={t('compare.sliderValue', { value: formatPercent(Math.round(position), i18n.language) })}
            data-testid="compare-slider"
            className="w-full accent-brand-600"
          />
        </label>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <button
            type="button"
            onClick={() => zoomBy(1 / 1.5)}
            disabled={zoom <= 1}
            className="rounded-lg border border-slate-300 px-3 py-1.5 disabled:opacity-40"
          >
            {t('compare.zoomOut')}
          </button>
          <span data-testid="compare-zoom" aria-live="polite">
            {t('compare.zoom', { value: formatPercent(Math.round(zoom * 100), i18n.language) })}
          </span>
          <button
            type="button"
            onClick={() => zoomBy(1.5)}
            disabled={zoom >= MAX_ZOOM}
            className="rounded-lg border border-slate-300 px-3 py-1.5 disabled:opacity-40"
          >
            {t('compare.zoomIn')}
          </button>
        </div>
        <dl className="grid gap-2 sm:grid-cols-3">
          {facts(
            t('compare.before'),
            record.originalSize,
            originalSize?.width ?? 0,
            originalSize?.height ?? 0,
            original.type || original.name.split('.').pop() || '?',
          )}
          {facts(t('compare.after'), record.processedSize, record.width, record.height, record.format)}
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('compare.savedLabel')}</dt>
            <dd className="text-sm font-semibold text-emerald-700">
              {saved > 0 ? t('results.saved', { value: formatPercent(saved, i18n.language) }) : t('results.noSavings')}
            </dd>
          </div>
        </dl>
        {record.similarity !== null && (
          <p data-testid="compare-look" className="text-sm text-slate-700">
            {t('results.looks', { value: formatLikeness(record.similarity, i18n.language) })}
          </p>
        )}
      </div>
    </dialog>
  );
}
