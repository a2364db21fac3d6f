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

/** The format shown for a file: from its MIME type, else from its extension. */
export function fileFormat(file: Pick<File, 'type' | 'name'>): string {
  if (file.type) return formatLabel(file.type);
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  return extension ? formatLabel(extension) : '?';
}
