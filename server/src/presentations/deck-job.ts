import type { DeckTarget } from '@lightpix/shared';
import { convertPptToPptx, isLegacyPpt, type PptConverter } from './ppt.js';
import { optimiseDeck, type DeckCounts } from './optimise-deck.js';

/**
 * A deck job's CPU limit in its job process: a 30 MB deck takes a few seconds. LibreOffice's conversion
 * runs in a process of its own with its own wall-clock limit (ppt.ts); the job's backstop is 10× (0158).
 */
export const DECK_TIME_LIMIT_MS = 120_000;

export interface DeckJob {
  data: Buffer;
  target: DeckTarget;
  /** LibreOffice and its sandbox, for a .ppt. */
  converter: PptConverter;
}

export interface DeckJobResult {
  data: Buffer;
  /** 'pptx', or 'ppt' when a converted .ppt came out larger than the upload and the upload came back. */
  format: 'pptx' | 'ppt';
  counts: DeckCounts;
  convertedFromPpt: boolean;
  alreadyOptimal: boolean;
}

/** A .ppt becomes a .pptx first, then the deck is optimised (in a job process). Never larger than the upload. */
export async function runDeckJob(job: DeckJob): Promise<DeckJobResult> {
  const legacy = isLegacyPpt(job.data);
  const pptx = legacy ? await convertPptToPptx(job.data, job.converter) : job.data;
  const optimised = await optimiseDeck(pptx, job.target);
  if (legacy && optimised.data.length >= job.data.length) {
    const unchanged = {
      ...optimised.counts,
      resized: 0,
      recompressed: 0,
      converted: 0,
      leftAlone: optimised.counts.pictures,
      unusedDropped: 0,
    };
    return { data: job.data, format: 'ppt', counts: unchanged, convertedFromPpt: false, alreadyOptimal: true };
  }
  return {
    data: optimised.data,
    format: 'pptx',
    counts: optimised.counts,
    convertedFromPpt: legacy,
    alreadyOptimal: optimised.alreadyOptimal,
  };
}
