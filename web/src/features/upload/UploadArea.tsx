import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFormatsText } from '@lightpix/shared';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { formatMb } from '#lib/format';
import { chosenFiles, droppedFiles, type PickedFile } from './droppedFiles';
import { acceptAttribute, filterFiles, type FileSelection } from './filterFiles';

interface UploadAreaProps {
  /** Files this selection may add (plan's files per selection, capped by images remaining). */
  allowed: number;
  /** No images remain in the allowance. */
  limitReached: boolean;
  maxImageBytes: number | undefined;
  unlimited: boolean;
  /** True while the plan or session is loading, or files are being processed. */
  busy: boolean;
  /** What the limit-reached message offers instead (the next plan up), from the page. */
  limitOffer?: ReactNode;
  onSelect: (files: PickedFile[]) => void;
}

/** Drag-and-drop or click-to-choose area. */
export function UploadArea({ allowed, limitReached, maxImageBytes, unlimited, busy, limitOffer, onSelect }: UploadAreaProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const disabled = busy || limitReached || allowed <= 0 || maxImageBytes === undefined;
  const selectionFull = !busy && !limitReached && allowed <= 0;
  // aria-disabled also disables every link inside for assistive technology, so the group is not
  // marked while it offers the next plan: its links must stay usable (the file input stays disabled).
  const offering = limitReached && limitOffer !== undefined && limitOffer !== null;

  function reportRejected(rejected: FileSelection['rejected']) {
    if (rejected.length === 0) return;
    const size = maxImageBytes === undefined ? '' : formatMb(maxImageBytes, i18n.language);
    toast({
      variant: 'destructive',
      title: t('upload.skipped.title', { count: rejected.length }),
      description: (
        <ul className="space-y-0.5">
          {rejected.map(({ name, reason }, index) => (
            <li key={`${name}-${index}`}>{t(`upload.skipped.${reason}`, { name, size, count: allowed })}</li>
          ))}
        </ul>
      ),
    });
  }

  /** Why files cannot be added now: a paste or a drop outside the area still reaches handleFiles. */
  function notAddedReason(): string {
    if (limitReached) return t('upload.limitReached.title');
    if (selectionFull) return t('upload.selectionFull');
    return t('upload.notNow');
  }

  function handleFiles(picked: PickedFile[]) {
    if (picked.length === 0) return;
    if (disabled || maxImageBytes === undefined) {
      toast({ title: notAddedReason() });
      return;
    }
    const selection = filterFiles(
      picked.map(({ file }) => file),
      { maxImageBytes, allowed },
    );
    const paths = new Map(picked.map(({ file, relativePath }) => [file, relativePath]));
    reportRejected(selection.rejected);
    if (selection.accepted.length > 0) onSelect(selection.accepted.map((file) => ({ file, relativePath: paths.get(file) ?? '' })));
  }

  // Paste (Ctrl+V, ⌘V: screenshots too) and a drop anywhere on the page add files like the area does.
  const handleRef = useRef(handleFiles);
  useEffect(() => {
    handleRef.current = handleFiles;
  });
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      // Text fields keep their own paste.
      if (target?.closest('input:not([type=file]), textarea, [contenteditable=true]')) return;
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      handleRef.current(files.map((file) => ({ file, relativePath: '' })));
    };
    const onWindowDragOver = (event: globalThis.DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      // Without this the browser opens a file dropped beside the area instead of adding it.
      event.preventDefault();
    };
    const onWindowDrop = (event: globalThis.DragEvent) => {
      if (!event.dataTransfer || event.defaultPrevented) return;
      event.preventDefault();
      void droppedFiles(event.dataTransfer).then((picked) => handleRef.current(picked));
    };
    window.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onWindowDragOver);
    window.addEventListener('drop', onWindowDrop);
    return () => {
      window.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onWindowDragOver);
      window.removeEventListener('drop', onWindowDrop);
    };
  }, []);

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (disabled) {
      event.dataTransfer.dropEffect = 'none';
      return;
    }
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    // Moving onto a child element fires dragleave on the parent too; only leaving the area counts.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then(handleFiles);
  }

  return (
    <div
      data-testid="upload-area"
      role="group"
      aria-label={t('upload.areaLabel')}
      aria-disabled={disabled && !offering ? 'true' : undefined}
      aria-describedby={hintId}
      onClick={() => {
        if (!disabled) inputRef.current?.click();
      }}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-14',
        disabled && 'cursor-not-allowed border-slate-200 bg-slate-50',
        !disabled && !dragging && 'cursor-pointer border-brand-300 bg-white hover:border-brand-500 hover:bg-brand-50/40',
        !disabled && dragging && 'border-brand-600 bg-brand-50 ring-4 ring-brand-100',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className={clsx('size-12', disabled ? 'text-slate-300' : 'text-brand-500')}
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 16.5V4.5m0 0L7.5 9M12 4.5 16.5 9M3.75 15v2.25A2.25 2.25 0 0 0 6 19.5h12a2.25 2.25 0 0 0 2.25-2.25V15"
        />
      </svg>
      {limitReached ? (
        <div role="status">
          <p className="text-lg font-semibold text-slate-700">{t('upload.limitReached.title')}</p>
          {limitOffer ?? <p className="mt-1 text-sm text-slate-600">{t('upload.limitReached.body')}</p>}
        </div>
      ) : selectionFull ? (
        <p role="status" className="text-lg font-semibold text-slate-700">
          {t('upload.selectionFull')}
        </p>
      ) : (
        <>
          <p className="text-lg font-semibold text-slate-800">
            {dragging ? t('upload.dropNow') : t('upload.dragDrop', { count: Math.max(allowed, 1) })}
          </p>
          <p className="text-sm text-slate-600">{t('upload.or')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button size="lg" disabled={disabled} aria-describedby={hintId}>
              {t('upload.choose', { count: Math.max(allowed, 1) })}
            </Button>
            {allowed > 1 && (
              <Button
                size="lg"
                variant="secondary"
                disabled={disabled}
                data-testid="choose-folder"
                onClick={(event) => {
                  event.stopPropagation();
                  folderRef.current?.click();
                }}
              >
                {t('upload.chooseFolder')}
              </Button>
            )}
          </div>
          <p className="text-xs text-slate-600">{t('upload.pasteHint')}</p>
        </>
      )}
      <p id={hintId} className="text-sm text-slate-600">
        {maxImageBytes === undefined
          ? t('upload.hintNoSize', { formats: uploadFormatsText(i18n.language) })
          : t('upload.hint', { size: formatMb(maxImageBytes, i18n.language), formats: uploadFormatsText(i18n.language) })}
      </p>
      {unlimited && !limitReached && <p className="text-sm font-medium text-amber-700">{t('upload.unlimited')}</p>}
      <input
        ref={inputRef}
        data-testid="upload-input"
        type="file"
        hidden
        accept={acceptAttribute}
        multiple={allowed > 1}
        disabled={disabled}
        aria-label={t('upload.inputLabel')}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          handleFiles(chosenFiles(event.currentTarget.files));
          event.currentTarget.value = '';
        }}
      />
      {allowed > 1 && (
        <input
          ref={folderRef}
          data-testid="folder-input"
          type="file"
          hidden
          // A folder's images, in its subfolders too; React has no typed prop for it.
          {...{ webkitdirectory: '', directory: '' }}
          disabled={disabled}
          aria-label={t('upload.folderInputLabel')}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            handleFiles(chosenFiles(event.currentTarget.files));
            event.currentTarget.value = '';
          }}
        />
      )}
    </div>
  );
}
