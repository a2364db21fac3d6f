import {
  DEFAULT_QUALITY,
  QUALITY_MAX,
  QUALITY_MIN,
  QUALITY_STEP,
  followRatio,
  MAX_DIMENSION,
  parseDimension,
  resizePresets,
  SMALLEST_FORMAT,
  type OutputFormat,
  type Size,
} from '@lightpix/shared';
import clsx from 'clsx';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { formatPercent } from '#lib/format';
import { formatLabel, useSettingsProblems, type ProcessingSettings } from '#lib/processingSettings';
import { MoreOptions } from './MoreOptions';

interface SettingsPanelProps {
  settings: ProcessingSettings;
  onChange: (settings: ProcessingSettings) => void;
  /** The first selected file's size; keep-proportions follows its ratio. */
  referenceSize: Size | null;
  outputFormats: readonly OutputFormat[];
  /** Optimize All and Smart lightening are possible (files selected, images remaining, not busy). */
  canProcess: boolean;
  /** Only one file may be chosen at a time: the button then says "Optimise", not "Optimise All". */
  single: boolean;
  /** Files are chosen: below the desktop layout the buttons become a bar fixed to the bottom of the screen. */
  actionsInReach?: boolean;
  onOptimizeAll: () => void;
  onSmartLightening: () => void;
}

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** Resize, compression and format settings plus the process buttons. */
export function SettingsPanel(props: SettingsPanelProps) {
  const { settings, onChange, referenceSize, outputFormats, single, actionsInReach = false, onOptimizeAll, onSmartLightening } = props;
  const { t, i18n } = useTranslation();
  // The server reads the fields with the same schema; what it would refuse is shown here and not sent.
  const problems = useSettingsProblems(settings);
  const dimensionsWrong = problems.has('width') || problems.has('height');
  const canProcess = props.canProcess && problems.size === 0;
  const ids = {
    width: useId(),
    height: useId(),
    ratio: useId(),
    quality: useId(),
    format: useId(),
    formatHint: useId(),
    hint: useId(),
    smartHint: useId(),
  };

  function changeDimension(changed: 'width' | 'height', text: string) {
    const other = changed === 'width' ? 'height' : 'width';
    const next = { ...settings, [changed]: text };
    if (settings.maintainRatio) {
      const value = parseDimension(text);
      if (value === null) next[other] = '';
      else if (!Number.isNaN(value) && referenceSize && referenceSize.width > 0 && referenceSize.height > 0) {
        next[other] = String(followRatio(referenceSize, changed, value));
      }
    }
    onChange(next);
  }

  // The fixed bar must not cover the end of the page: the page grows by the bar's height while it shows.
  useEffect(() => {
    if (!actionsInReach) return;
    document.documentElement.classList.add('action-bar-open');
    return () => document.documentElement.classList.remove('action-bar-open');
  }, [actionsInReach]);

  const smart = settings.quality === 'smart';
  const sliderValue = settings.quality === 'smart' ? DEFAULT_QUALITY : settings.quality;

  return (
    <section aria-labelledby="settings-heading" className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        {t('settings.heading')}
      </h2>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{t('settings.resize')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <DimensionInput
            id={ids.width}
            hintId={ids.hint}
            label={t('settings.width')}
            placeholder={t('settings.auto')}
            value={settings.width}
            invalid={problems.has('width')}
            onChange={(text) => changeDimension('width', text)}
          />
          <DimensionInput
            id={ids.height}
            hintId={ids.hint}
            label={t('settings.height')}
            placeholder={t('settings.auto')}
            value={settings.height}
            invalid={problems.has('height')}
            onChange={(text) => changeDimension('height', text)}
          />
        </div>
        <p
          id={ids.hint}
          className={clsx('text-xs', dimensionsWrong ? 'font-medium text-red-700' : 'text-slate-500')}
          role={dimensionsWrong ? 'alert' : undefined}
        >
          {dimensionsWrong ? t('settings.dimensionsProblem', { max: MAX_DIMENSION }) : t('settings.dimensionsHint')}
        </p>
        <div className="flex items-center gap-2">
          <input
            id={ids.ratio}
            type="checkbox"
            checked={settings.maintainRatio}
            onChange={(event) => onChange({ ...settings, maintainRatio: event.target.checked })}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          <label htmlFor={ids.ratio} className="text-sm text-slate-700">
            {t('settings.keepProportions')}
          </label>
        </div>
        <div role="group" aria-label={t('settings.presets')} className="flex flex-wrap gap-2">
          {resizePresets.map((preset) => {
            const active = settings.width === (preset.width?.toString() ?? '') && settings.height === (preset.height?.toString() ?? '');
            return (
              <button
                key={preset.id}
                type="button"
                aria-pressed={active}
                onClick={() => onChange({ ...settings, width: preset.width?.toString() ?? '', height: preset.height?.toString() ?? '' })}
                className={clsx(
                  'rounded-full border px-3 py-1 text-sm transition-colors',
                  active
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400 hover:text-brand-700',
                )}
              >
                {preset.width === null ? t('settings.keepOriginal') : `${preset.width}×${preset.height}`}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{t('settings.compression')}</legend>
        <div>
          <div className="mb-1 flex items-baseline justify-between">
            <label htmlFor={ids.quality} className="text-sm text-slate-600">
              {t('settings.quality')}
            </label>
            <span className="text-sm font-semibold text-brand-700" aria-hidden="true">
              {smart ? t('settings.smart') : formatPercent(sliderValue, i18n.language)}
            </span>
          </div>
          <input
            id={ids.quality}
            type="range"
            min={QUALITY_MIN}
            max={QUALITY_MAX}
            step={QUALITY_STEP}
            value={sliderValue}
            aria-valuetext={smart ? t('settings.smart') : formatPercent(sliderValue, i18n.language)}
            onChange={(event) => onChange({ ...settings, quality: Number(event.target.value) })}
            className="w-full accent-brand-600"
          />
          <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
            <span>{t('settings.smallerFile')}</span>
            <span>{t('settings.betterQuality')}</span>
          </div>
        </div>
        <div>
          <label htmlFor={ids.format} className="mb-1 block text-sm text-slate-600">
            {t('settings.format')}
          </label>
          <select
            id={ids.format}
            aria-describedby={settings.format === 'original' || settings.format === SMALLEST_FORMAT ? ids.formatHint : undefined}
            value={settings.format}
            onChange={(event) => onChange({ ...settings, format: event.target.value as ProcessingSettings['format'] })}
            className={inputClass}
          >
            <option value="original">{t('settings.keepOriginalFormat')}</option>
            <option value={SMALLEST_FORMAT}>{t('engine.smallestFormat')}</option>
            {outputFormats.map((format) => (
              <option key={format} value={format}>
                {formatLabel(format)}
              </option>
            ))}
          </select>
          {(settings.format === 'original' || settings.format === SMALLEST_FORMAT) && (
            <p id={ids.formatHint} className="mt-1 text-xs text-slate-500">
              {t(settings.format === 'original' ? 'engine.keepOriginalHint' : 'engine.smallestFormatHint')}
            </p>
          )}
        </div>
      </fieldset>

      <MoreOptions settings={settings} onChange={onChange} inputClass={inputClass} targetWrong={problems.has('maxBytes')} />

      <div
        data-testid="settings-actions"
        className={clsx(
          'flex flex-col gap-2',
          // However many results or chosen files sit above the settings, Optimise stays in reach of the thumb.
          actionsInReach &&
            'max-lg:fixed max-lg:inset-x-0 max-lg:bottom-[var(--consent-banner-height,0px)] max-lg:z-30 max-lg:my-0 max-lg:grid max-lg:grid-cols-2 max-lg:border-t max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-4px_16px_rgba(15,23,42,0.08)]',
        )}
      >
        <Button size="lg" onClick={onOptimizeAll} disabled={!canProcess}>
          {t(single ? 'settings.optimizeOne' : 'settings.optimizeAll')}
        </Button>
        <Button size="lg" variant="secondary" onClick={onSmartLightening} disabled={!canProcess} aria-describedby={ids.smartHint}>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-amber-500">
            <path d="M15.98 1.804a1 1 0 0 0-1.96 0l-.24 1.192a1 1 0 0 1-.784.785l-1.192.238a1 1 0 0 0 0 1.962l1.192.238a1 1 0 0 1 .785.785l.238 1.192a1 1 0 0 0 1.962 0l.238-1.192a1 1 0 0 1 .785-.785l1.192-.238a1 1 0 0 0 0-1.962l-1.192-.238a1 1 0 0 1-.785-.785l-.238-1.192ZM6.949 5.684a1 1 0 0 0-1.898 0l-.683 2.051a1 1 0 0 1-.633.633l-2.051.683a1 1 0 0 0 0 1.898l2.051.684a1 1 0 0 1 .633.632l.683 2.051a1 1 0 0 0 1.898 0l.683-2.051a1 1 0 0 1 .633-.633l2.051-.683a1 1 0 0 0 0-1.898l-2.051-.683a1 1 0 0 1-.633-.633L6.95 5.684Z" />
          </svg>
          {t('settings.smartLightening')}
        </Button>
      </div>
      <p id={ids.smartHint} className="-mt-4 text-xs text-slate-500">
        {t('settings.smartHint')}
      </p>
    </section>
  );
}

interface DimensionInputProps {
  id: string;
  hintId: string;
  label: string;
  placeholder: string;
  value: string;
  invalid: boolean;
  onChange(text: string): void;
}

function DimensionInput({ id, hintId, label, placeholder, value, invalid, onChange }: DimensionInputProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DIMENSION}
        step={1}
        placeholder={placeholder}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </div>
  );
}
