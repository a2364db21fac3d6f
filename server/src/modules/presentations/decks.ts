import type { DeckTarget, ImageRecord, Plan } from '@lightpix/shared';
import { AppError } from '../../core/errors.js';
import { DECK_TIME_LIMIT_MS } from '../../presentations/deck-job.js';
import { converterState, converterUnavailable, isLegacyPpt, type PptConverter } from '../../presentations/ppt.js';
import { isZip } from '../../presentations/zip.js';
import { ownerKey, reserveAndProduce, type ImagesDeps, type Upload } from '../images/index.js';
import type { QuotaOwner } from '../quota/index.js';
import { findOwnedResult, presentResult } from '../results/index.js';

export interface PresentationsDeps extends ImagesDeps {
  /** LibreOffice and its sandbox, for .ppt decks. */
  converter: PptConverter;
}

/** PowerPoint is a premium tool (plan table): the server refuses other plans, whatever the page shows. */
export function assertPowerpointAllowed(plan: Plan): void {
  if (!plan.powerpoint) {
    throw new AppError('premium_required', 'PowerPoint optimisation is part of Premium. Upgrade to optimise decks.');
  }
}

export function notADeckFile(): AppError {
  return new AppError('unsupported_file_type', 'This is not a PowerPoint file. We accept .pptx and .ppt decks.').withParams({
    reason: 'deck',
  });
}

/**
 * Checks the file's kind, reserves one quota unit and optimises the deck through the job queue, which
 * stores it; the route holds a place in the queue around it (ResultQueue.admitted, docs/decisions/0270). 'start' answers at once (the client polls deckStatus); a deck the optimiser refuses
 * (hostile, damaged, too slow) gives its unit back.
 */
export async function processDeck(
  deps: PresentationsDeps,
  owner: QuotaOwner,
  plan: Plan,
  upload: Upload,
  target: DeckTarget,
  mode: 'wait' | 'start' = 'wait',
): Promise<ImageRecord> {
  const legacy = isLegacyPpt(upload.data);
  if (!legacy && !isZip(upload.data)) throw notADeckFile();
  if (legacy) {
    const state = await converterState(deps.converter);
    if (state !== 'ready') throw converterUnavailable(state);
  }
  try {
    const { row } = await reserveAndProduce(
      deps,
      plan,
      owner,
      { originalName: upload.filename, originalSize: upload.data.length, kind: 'deck' },
      { kind: 'deck', input: { target, converter: deps.converter } },
      upload.data,
      mode,
    );
    return presentResult(row, deps.now());
  } catch (error) {
    throw inDeckWords(error);
  }
}

/** A deck being processed or done (200), or why its job failed (its unit given back), else 404. */
export async function deckStatus(deps: PresentationsDeps, owner: QuotaOwner, id: string): Promise<ImageRecord> {
  const row = await findOwnedResult(deps.db, owner, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  if (row) return presentResult(row, deps.now());
  // No row of theirs: a failed job's row is gone, and only its owner may read why.
  const failure = await deps.jobs.failureOf(id, ownerKey(owner));
  if (failure) throw inDeckWords(failure);
  throw new AppError('not_found', 'This deck does not exist.');
}

/** The job process's limits speak of images; a deck's answer speaks of decks. */
function inDeckWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'image_too_complex') {
    return new AppError(
      'presentation_timeout',
      `This deck took longer than ${DECK_TIME_LIMIT_MS / 1000} seconds to optimise. Try a smaller deck.`,
    ).withParams({
      seconds: DECK_TIME_LIMIT_MS / 1000,
    });
  }
  if (error.code === 'too_many_pixels' || error.code === 'undecodable_image') {
    return new AppError(
      'invalid_presentation',
      'This deck could not be optimised: it needs more memory than one deck may use, or a picture in it is damaged.',
    ).withParams({
      reason: 'memory',
    });
  }
  return error;
}
