import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProcessingSettings } from '#lib/processingSettings';

interface MoreOptionsProps {
  settings: ProcessingSettings;
  onChange: (settings: ProcessingSettings) => void;
  inputClass: string;
  /** The typed target size is one the server would refuse. */
  targetWrong: boolean;
}

/** Target size and metadata: folded away, since most people never need them. */
export function MoreOptions({ settings, onChange, inputClass, targetWrong }: MoreOptionsProps) {
  const { t } = useTranslation();
  const ids = { target: useId(), targetHint: useId(), metadata: useId(), metadataHint: useId() };
  // Starts open when an option is already set; after that the user folds it.
  const [open, setOpen] = useState(() => settings.targetKb.trim() !== '' || settings.keepMetadata);

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-lg border border-slate-200 px-3 py-2"
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-800 select-none">{t('settings.moreOptions')}</summary>
      <div className="mt-3 space-y-4">
        <div>
          <label htmlFor={ids.target} className="mb-1 block text-sm text-slate-600">
            {t('settings.targetSize')}
          </label>
          <input
            id={ids.target}
            type="number"
            inputMode="decimal"
            min={1}
            step="any"
            placeholder={t('settings.noLimit')}
            aria-describedby={ids.targetHint}
            aria-invalid={targetWrong || undefined}
            value={settings.targetKb}
            onChange={(event) => onChange({ ...settings, targetKb: event.target.value })}
            className={inputClass}
          />
          <p
            id={ids.targetHint}
            className={targetWrong ? 'mt-1 text-xs font-medium text-red-700' : 'mt-1 text-xs text-slate-500'}
            role={targetWrong ? 'alert' : undefined}
          >
            {targetWrong ? t('settings.targetProblem') : t('settings.targetHint')}
          </p>
        </div>
        <div>
          <div className="flex items-start gap-2">
            <input
              id={ids.metadata}
              type="checkbox"
              checked={settings.keepMetadata}
              aria-describedby={ids.metadataHint}
              onChange={(event) => onChange({ ...settings, keepMetadata: event.target.checked })}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
            />
            <label htmlFor={ids.metadata} className="text-sm text-slate-700">
              {t('settings.keepMetadata')}
            </label>
          </div>
          <p id={ids.metadataHint} className="mt-1 text-xs text-slate-500">
            {t('settings.keepMetadataHint')}
          </p>
        </div>
      </div>
    </details>
  );
}
