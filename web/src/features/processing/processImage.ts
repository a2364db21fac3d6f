import { apiPaths, type ImageRecord } from '@lightpix/shared';
import { uploadForm } from '#lib/uploadForm';

export interface ProcessRequest {
  file: File;
  sessionId: string;
  fields: Record<string, string>;
  /** Upload progress 0–100; called with 100 once the whole file has been sent. */
  onUploadProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /api/images/process as multipart, with upload progress. */
export function processImage({ file, sessionId, fields, onUploadProgress, signal }: ProcessRequest): Promise<ImageRecord> {
  const form = new FormData();
  form.append('sessionId', sessionId);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // The file goes last, after the settings; the server reads the parts in either order (server/src/http/multipart.ts).
  form.append('image', file, file.name);

  return uploadForm(apiPaths.processImage, form, onUploadProgress, signal);
}
