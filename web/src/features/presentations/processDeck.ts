import { apiPaths, type DeckTarget, type ImageRecord } from '@lightpix/shared';
import { uploadForm } from '#lib/uploadForm';

/** POST /api/presentations/process as multipart, with upload progress. */
export function processDeck(file: File, target: DeckTarget, onUploadProgress: (percent: number) => void): Promise<ImageRecord> {
  const form = new FormData();
  form.append('target', target);
  form.append('file', file, file.name);
  return uploadForm(apiPaths.processDeck, form, onUploadProgress);
}
