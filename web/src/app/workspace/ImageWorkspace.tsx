import { remainingImages, type ImageRecord, type Plan, type SessionResponse } from '@lightpix/shared';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAddResult, useCurrentResults, useRemoveResult } from '../../features/processing/api';
import { ProcessedList } from '../../features/processing/ProcessedList';
import { useProcessQueue } from '../../features/processing/useProcessQueue';
import { SettingsPanel } from '../../features/settings/SettingsPanel';
import { SelectedFilesList } from '../../features/upload/SelectedFilesList';
import { UploadArea } from '../../features/upload/UploadArea';
import { useCurrentUser } from '#lib/currentUser';
import { isFileRefusal } from '#lib/errorMessage';
import { fileFormat, readImageSize } from '#lib/imageInfo';
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

/** Upload → settings → process → download, composed from the features. */
export function ImageWorkspace({ session, plan, children }: ImageWorkspaceProps) {
  const [images, setImages] = useState<SelectedImage[]>([]);
  // This visitor's results still downloadable, from the server: they survive a reload (docs/decisions/0046).
  const currentResults = useCurrentResults();
  const addResult = useAddResult();
  const { remove, hidden } = useRemoveResult();
  const records = useMemo(() => (currentResults.data ?? []).filter((record) => !hidden.has(record.id)), [currentResults.data, hidden]);
  // One starting quality on every page (docs/decisions/0056).
  const [settings, setSettings] = useState<ProcessingSettings>(defaultSettings);
  const signedIn = Boolean(useCurrentUser().data);
  const nextId = useRef(0);

  const onState = useCallback((id: string, state: UploadState) => {
    setImages((current) => current.map((image) => (image.id === id ? { ...image, state } : image)));
  }, []);
  const onProcessed = useCallback((id: string, record: ImageRecord) => {
    setImages((current) => current.filter((image) => image.id !== id));
    addResult(record);
  }, [addResult]);
  const { processAll, busy } = useProcessQueue({ onState, onProcessed });

  const shownResultIds = useMemo(() => new Set(records.map((record) => record.id)), [records]);
  const remaining = session ? remainingImages(session) : undefined;
  const limitReached = remaining === 0;
  // Files one selection may hold: the plan's count, never more than the images left.
  const cap = plan ? Math.min(plan.filesPerSelection, remaining ?? Number.POSITIVE_INFINITY) : 0;
  // With a single-file allowance a new choice replaces the old one; otherwise files add up.
  const allowed = cap === 1 ? 1 : Math.max(0, cap - images.length);

  function select(files: File[]) {
    const added = files.map<SelectedImage>((file) => ({
      id: `file-${nextId.current++}`,
      file,
      width: 0,
      height: 0,
      format: fileFormat(file),
      state: { kind: 'idle' },
    }));
    setImages((current) => (cap === 1 ? added : [...current, ...added]));
    for (const image of added) {
      void readImageSize(image.file).then((size) => {
        setImages((current) => current.map((item) => (item.id === image.id ? { ...item, ...size, readable: size.width > 0 } : item)));
      });
    }
  }

  // A refused file is not sent again as it is: the same bytes would fail the same way until replaced or removed.
  const pending = images.filter((image) => image.state.kind === 'idle' || (image.state.kind === 'failed' && !isFileRefusal(image.state.error)));
  const canProcess = session !== undefined && !busy && !limitReached && pending.length > 0;
  const referenceImage = images.find((image) => image.width > 0 && image.height > 0);

  function run(withSettings: ProcessingSettings) {
    if (!session || !canProcess) return;
    void processAll(pending, withSettings, session.id);
  }

  return (
    // DOM order main → settings → page extras keeps the settings right below the files on phones.
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
      <div className="min-w-0 space-y-6">
        <UploadArea
          allowed={allowed}
          limitReached={limitReached}
          maxImageBytes={plan?.maxImageBytes}
          limitOffer={session && <LimitOffer tier={session.tier} signedIn={signedIn} />}
          unlimited={remaining === null}
          busy={busy || !session || !plan}
          onSelect={select}
        />
        <SelectedFilesList
          images={images}
          settings={settings}
          onRemove={(id) => setImages((current) => current.filter((image) => image.id !== id))}
        />
        <ProcessedList records={records} onRemove={remove} />
      </div>
      <aside className="lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        <SettingsPanel
          settings={settings}
          onChange={setSettings}
          referenceSize={referenceImage ? { width: referenceImage.width, height: referenceImage.height } : null}
          outputFormats={plan?.outputFormats ?? []}
          canProcess={canProcess}
          single={cap === 1}
          onOptimizeAll={() => run(settings)}
          onSmartLightening={() => {
            // The reset shows in the panel; 'smart' goes with this run only, so the quality shown stays the slider's.
            setSettings(defaultSettings);
            run({ ...defaultSettings, quality: 'smart' });
          }}
        />
      </aside>
      {children && <div className="min-w-0 space-y-6">{typeof children === 'function' ? children(shownResultIds) : children}</div>}
    </div>
  );
}
