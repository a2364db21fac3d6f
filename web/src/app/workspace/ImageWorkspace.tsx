import { remainingImages, type ImageRecord, type Plan, type SessionResponse } from '@lightpix/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAddResult, useCurrentResults, useRemoveResult } from '../../features/processing/api';
import { ProcessedList } from '../../features/processing/ProcessedList';
import { useKeptOriginals } from '../../features/processing/useKeptOriginals';
import { useProcessQueue } from '../../features/processing/useProcessQueue';
import { SettingsPanel } from '../../features/settings/SettingsPanel';
import { SelectedFilesList } from '../../features/upload/SelectedFilesList';
import type { PickedFile } from '../../features/upload/droppedFiles';
import { UploadArea } from '../../features/upload/UploadArea';
import { useCurrentUser } from '#lib/currentUser';
import { isFileRefusal } from '#lib/errorMessage';
import { fileFormat, readImagePreview } from '#lib/imageInfo';
import { keptOriginalsOwner } from '#lib/keptOriginals';
import { defaultSettings, type ProcessingSettings } from '#lib/processingSettings';
import type { SelectedImage, UploadState } from '#lib/selectedImage';
import { LimitOffer } from './LimitOffer';

interface ImageWorkspaceProps {
  session: SessionResponse | undefined;
  plan: Plan | undefined;
  /**
   * Page content shown below the results, in the main column; as a function it learns which results
   * this visit's list already shows, so a history can leave them out (each result appears once).
   */
  children?: ReactNode | ((shownResultIds: ReadonlySet<string>) => ReactNode);
}

/** Files in flight at once in a batch: enough to keep the server's cores busy, few enough to show steady progress. */
const BATCH_CONCURRENCY = 3;

/** Upload → settings → process → download, composed from the features. */
export function ImageWorkspace({ session, plan, children }: ImageWorkspaceProps) {
  const [images, setImages] = useState<SelectedImage[]>([]);
  const user = useCurrentUser();
  const signedIn = Boolean(user.data);
  // This visitor's results from the server, one list: they survive a reload (docs/decisions/0046, 0226).
  const currentResults = useCurrentResults(signedIn);
  const addResult = useAddResult(signedIn);
  const { remove, hidden } = useRemoveResult(signedIn);
  const records = useMemo(() => currentResults.items.filter((record) => !hidden.has(record.id)), [currentResults.items, hidden]);
  // One starting quality on every page (docs/decisions/0056).
  const [settings, setSettings] = useState<ProcessingSettings>(defaultSettings);
  // Whose originals this browser keeps: known once the user check and the session have answered.
  const owner = user.isPending || user.isError || !session ? null : keptOriginalsOwner(user.data ?? null, session);
  const keptOriginals = useKeptOriginals(owner);
  const keep = keptOriginals.keep;
  const nextId = useRef(0);
  // Files are read for their size and thumbnail one at a time, so 100 photos never decode at once.
  const previews = useRef<Promise<unknown>>(Promise.resolve());
  // The browser's own copy of each original, for the before/after comparison: nothing is uploaded again.
  const [originals, setOriginals] = useState<ReadonlyMap<string, { file: File; thumbnail: string | null }>>(new Map());
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  });
  const [batchId, setBatchId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const onState = useCallback((id: string, state: UploadState) => {
    setImages((current) => current.map((image) => (image.id === id ? { ...image, state } : image)));
  }, []);
  const onProcessed = useCallback(
    (id: string, record: ImageRecord) => {
      const image = imagesRef.current.find((item) => item.id === id);
      if (image) {
        setOriginals((current) => new Map(current).set(record.id, { file: image.file, thumbnail: image.thumbnail ?? null }));
        // A copy for Compare after a reload, in this browser only (docs/decisions/0123).
        void keep(record.id, image.file, record.expiresAt);
      }
      setImages((current) => current.filter((item) => item.id !== id));
      addResult(record);
      // The last file done: on a phone the results sit below the settings, so bring them into view.
      if (imagesRef.current.every((item) => item.id === id || item.state.kind === 'failed')) {
        requestAnimationFrame(() => {
          const top = resultsRef.current?.getBoundingClientRect().top;
          if (top !== undefined && (top < 0 || top > window.innerHeight * 0.6))
            resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        });
      }
    },
    [addResult, keep],
  );
  const { processAll, cancel, busy } = useProcessQueue({ onState, onProcessed });

  const shownResultIds = useMemo(() => new Set(records.map((record) => record.id)), [records]);
  const remaining = session ? remainingImages(session) : undefined;
  const limitReached = remaining === 0;
  // Files one selection may hold: the plan's count, never more than the images left.
  const cap = plan ? Math.min(plan.filesPerSelection, remaining ?? Number.POSITIVE_INFINITY) : 0;
  // With a single-file allowance a new choice replaces the old one; otherwise files add up.
  const allowed = cap === 1 ? 1 : Math.max(0, cap - images.length);

  function select(files: PickedFile[]) {
    const added = files.map<SelectedImage>(({ file, relativePath }) => ({
      id: `file-${nextId.current++}`,
      file,
      relativePath,
      width: 0,
      height: 0,
      format: fileFormat(file),
      state: { kind: 'idle' },
    }));
    setImages((current) => (cap === 1 ? added : [...current, ...added]));
    for (const image of added) {
      previews.current = previews.current.then(async () => {
        const preview = await readImagePreview(image.file);
        setImages((current) => current.map((item) => (item.id === image.id ? { ...item, ...preview, readable: preview.width > 0 } : item)));
      });
    }
  }

  // A refused file is not sent again as it is: the same bytes would fail the same way until replaced or removed.
  const pending = images.filter(
    (image) => image.state.kind === 'idle' || (image.state.kind === 'failed' && !isFileRefusal(image.state.error)),
  );
  const canProcess = session !== undefined && !busy && !limitReached && pending.length > 0;
  const referenceImage = images.find((image) => image.width > 0 && image.height > 0);

  function run(withSettings: ProcessingSettings) {
    if (!session || !canProcess) return;
    // Each run is one selection with its own id, so "Download all" zips exactly these (docs/decisions/0045).
    const batch = pending.length > 1 ? crypto.randomUUID() : null;
    if (batch) setBatchId(batch);
    // The progress shows on the chosen files: bring them into view.
    listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    void processAll(pending, withSettings, session.id, { batchId: batch ?? undefined, concurrency: cap > 1 ? BATCH_CONCURRENCY : 1 });
  }

  return (
    // DOM order upload → chosen files → settings → results → page extras: on a phone Optimise sits right below the
    // files, above any number of results; on a desktop the settings stay in their own column.
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
      <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
        <UploadArea
          allowed={allowed}
          limitReached={limitReached}
          maxImageBytes={plan?.maxImageBytes}
          limitOffer={session && <LimitOffer tier={session.tier} signedIn={signedIn} />}
          unlimited={remaining === null}
          busy={busy || !session || !plan}
          onSelect={select}
        />
        <div ref={listRef} className="scroll-mt-4">
          <SelectedFilesList
            images={images}
            settings={settings}
            busy={busy}
            onCancel={cancel}
            onRemove={(id) => setImages((current) => current.filter((image) => image.id !== id))}
          />
        </div>
      </div>
      <aside className="lg:sticky lg:top-6 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start">
        <SettingsPanel
          settings={settings}
          onChange={setSettings}
          referenceSize={referenceImage ? { width: referenceImage.width, height: referenceImage.height } : null}
          outputFormats={plan?.outputFormats ?? []}
          canProcess={canProcess}
          single={cap === 1 || pending.length === 1}
          actionsInReach={pending.length > 0}
          onOptimizeAll={() => run(settings)}
          onSmartLightening={() => {
            // The reset shows in the panel; 'smart' goes with this run only, so the quality shown stays the slider's.
            setSettings(defaultSettings);
            run({ ...defaultSettings, quality: 'smart' });
          }}
        />
      </aside>
      <div ref={resultsRef} className="min-w-0 scroll-mt-4 lg:col-start-1 lg:row-start-2">
        <ProcessedList
          records={records}
          originals={originals}
          kept={{ ids: keptOriginals.kept, load: keptOriginals.load }}
          batchId={batchId}
          onRemove={remove}
          more={
            currentResults.hasNextPage
              ? { loading: currentResults.isFetchingNextPage, load: () => void currentResults.fetchNextPage() }
              : undefined
          }
        />
      </div>
      {children && (
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-3">
          {typeof children === 'function' ? children(shownResultIds) : children}
        </div>
      )}
    </div>
  );
}
