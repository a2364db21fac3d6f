import type { DeckReport } from '@lightpix/shared';
import type { TFunction } from 'i18next';

/** A deck's report in one line: what happened to its pictures, in the interface language. */
export function deckReportText(report: DeckReport, t: TFunction): string {
  const kept = report.vector + report.audioVideo + report.linked;
  const parts = [
    report.resized && t('decks.report.resized', { count: report.resized }),
    report.recompressed && t('decks.report.recompressed', { count: report.recompressed }),
    report.converted && t('decks.report.converted', { count: report.converted }),
    report.leftAlone && t('decks.report.leftAlone', { count: report.leftAlone }),
    kept && t('decks.report.kept', { count: kept }),
    report.unusedDropped && t('decks.report.dropped', { count: report.unusedDropped }),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.join(' · ') : t('decks.report.noPictures');
}
