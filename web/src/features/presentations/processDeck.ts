import { apiPaths, type DeckTarget, type ImageRecord } from '@lightpix/shared';
import { uploadForm } from '#lib/uploadForm';

/**
 * POST /api/presentations/process as multipart, with upload progress. The server answers as soon as the
 * deck is received ('processing', 202), so a reload never loses it; the page polls it to the end (decision 0261).
 */
export function processDeck(file: File, target: DeckTarget, onUploadProgress: (percent: number) => void): Promise<ImageRecord> {
  const form = new FormData();
  form.append('target', target);
  form.append('file', file, file.name);
  return uploadForm(apiPaths.processDeck, form, onUploadProgress, undefined, { Prefer: 'respond-async' });
}
