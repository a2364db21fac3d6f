import type { ImageRecord } from '@lightpix/shared';
import { ApiError, errorFromResponse, networkError } from './api';
import { imageRecordShape } from './answerShapes';

/**
 * POSTs a multipart form and reads the result record. XMLHttpRequest rather than fetch because only
 * it reports real upload progress (0–100, then 100 once the whole form has been sent).
 */
export function uploadForm(
  path: string,
  form: FormData,
  onUploadProgress: (percent: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<ImageRecord> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => onUploadProgress(100);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromResponse(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('Retry-After')));
        return;
      }
      try {
        resolve(imageRecordShape.parse(JSON.parse(xhr.responseText)));
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
