import { imageRecordSchema, type ImageRecord } from '@lightpix/shared';
import { ApiError, errorFromResponse, networkError } from '#lib/api';

export interface ProcessRequest {
  file: File;
  sessionId: string;
  fields: Record<string, string>;
  /** Upload progress 0–100; called with 100 once the whole file has been sent. */
  onUploadProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/images/process as multipart. XMLHttpRequest rather than fetch because only
 * it reports real upload progress.
 */
export function processImage({ file, sessionId, fields, onUploadProgress, signal }: ProcessRequest): Promise<ImageRecord> {
  const form = new FormData();
  form.append('sessionId', sessionId);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // The file goes last so the server has every setting before it streams the image.
  form.append('image', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images/process');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => onUploadProgress(100);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve(imageRecordSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new ApiError(xhr.status, 'unknown', `${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
