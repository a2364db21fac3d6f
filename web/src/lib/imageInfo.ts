import type { Size } from '@lightpix/shared';
import { formatLabel } from './processingSettings';

/** Reads the pixel size of an image file; 0×0 when the browser cannot decode it. */
export async function readImageSize(file: Blob): Promise<Size> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Fall back to an <img>, which decodes a few formats createImageBitmap refuses (SVG).
    }
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: Size) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done({ width: 0, height: 0 });
    image.src = url;
  });
}

const THUMBNAIL_PX = 96;

/**
 * The pixel size and a small thumbnail (an object URL of a 96 px JPEG) from one decode. Callers read
 * files one at a time, so a selection of 100 photos never holds more than one decoded at once.
 */
export async function readImagePreview(file: Blob): Promise<Size & { thumbnail: string | null }> {
  if (typeof createImageBitmap !== 'function') return { ...(await readImageSize(file)), thumbnail: null };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ...(await readImageSize(file)), thumbnail: null };
  }
  const size = { width: bitmap.width, height: bitmap.height };
  try {
    const scale = Math.min(1, THUMBNAIL_PX / Math.max(size.width, size.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(size.width * scale));
    canvas.height = Math.max(1, Math.round(size.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return { ...size, thumbnail: blob ? URL.createObjectURL(blob) : null };
  } finally {
    bitmap.close();
  }
}

/** The format shown for a file: from its MIME type, else from its extension. */
export function fileFormat(file: Pick<File, 'type' | 'name'>): string {
  if (file.type) return formatLabel(file.type);
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  return extension ? formatLabel(extension) : '?';
}
