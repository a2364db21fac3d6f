import { imageRecordSchema, PRESENTATIONS_PROCESS_PATH, type DeckTarget, type ImageRecord } from '@lightpix/shared';
import { ApiError, errorFromResponse, networkError } from '#lib/api';

/** POST /api/presentations/process as multipart, with upload progress (XMLHttpRequest reports it, fetch does not). */
export function processDeck(file: File, target: DeckTarget, onUploadProgress: (percent: number) => void): Promise<ImageRecord> {
  const form = new FormData();
  form.append('target', target);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PRESENTATIONS_PROCESS_PATH);
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
    xhr.send(form);
  });
}
