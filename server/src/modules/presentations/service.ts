import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DeckTarget, ImageRecord, Plan } from '@lightpix/shared';
import { results } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { DECK_TIME_LIMIT_MS } from '../../presentations/deck-job.js';
import { converterAvailable, converterMissing, isLegacyPpt } from '../../presentations/ppt.js';
import { isZip } from '../../presentations/zip.js';
import type { ImagesDeps, Upload } from '../images/service.js';
import { toRecord } from '../images/service.js';
import { releaseUnit, reserveUnit, type QuotaOwner } from '../session/quota.js';

export interface PresentationsDeps extends ImagesDeps {
  /** LibreOffice's command, for .ppt decks. */
  soffice: string;
}

/** PowerPoint is a premium tool (plan table): the server refuses other plans, whatever the page shows. */
export function assertPowerpointAllowed(plan: Plan): void {
  if (!plan.powerpoint) {
    throw new AppError('premium_required', 'PowerPoint optimisation is part of Premium. Upgrade to optimise decks.');
  }
}

export function notADeckFile(): AppError {
  return new AppError('unsupported_file_type', 'This is not a PowerPoint file. We accept .pptx and .ppt decks.');
}

/**
 * Checks the file's kind, reserves one quota unit, optimises the deck through the job queue and stores
 * it. A deck the optimiser refuses (hostile, damaged, too slow) gives its unit back.
 */
export async function processDeck(deps: PresentationsDeps, owner: QuotaOwner, plan: Plan, upload: Upload, target: DeckTarget): Promise<ImageRecord> {
  deps.queue.assertRoom();
  const legacy = isLegacyPpt(upload.data);
  if (!legacy && !isZip(upload.data)) throw notADeckFile();
  if (legacy && !(await converterAvailable(deps.soffice))) throw converterMissing();
  const now = deps.now();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.retentionHours * 3600 * 1000);
  await reserveUnit(deps.db, plan, owner, { id, originalName: upload.filename, originalSize: upload.data.length, expiresAt, kind: 'deck' }, now);
  try {
    const deck = await deps.queue.run('deck', { data: upload.data, target, soffice: deps.soffice });
    const storageKey = `${id}.${deck.format}`;
    await deps.store.put(storageKey, deck.data);
    const [row] = await deps.db
      .update(results)
      .set({
        status: 'completed',
        processedSize: deck.data.length,
        format: deck.format,
        alreadyOptimal: deck.alreadyOptimal,
        report: { target, convertedFromPpt: deck.convertedFromPpt, ...deck.counts },
        storageKey,
      })
      .where(eq(results.id, id))
      .returning();
    return toRecord(row!, now);
  } catch (error) {
    await releaseUnit(deps.db, id);
    throw inDeckWords(error);
  }
}

/** The job process's limits speak of images; a deck's answer speaks of decks. */
function inDeckWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'image_too_complex') {
    return new AppError('presentation_timeout', `This deck took longer than ${DECK_TIME_LIMIT_MS / 1000} seconds to optimise. Try a smaller deck.`);
  }
  if (error.code === 'too_many_pixels' || error.code === 'undecodable_image') {
    return new AppError('invalid_presentation', 'This deck could not be optimised: it needs more memory than one deck may use, or a picture in it is damaged.');
  }
  return error;
}
