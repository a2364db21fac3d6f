/**
 * The image formats an upload may be in, in the order the product names them. The upload hint, the
 * file picker, the FAQ, the pricing cards and the server's refusals all read this one list.
 */
export const uploadFormats = [
  { id: 'jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'], mimeTypes: ['image/jpeg', 'image/pjpeg'] },
  { id: 'png', label: 'PNG', extensions: ['png'], mimeTypes: ['image/png', 'image/apng'] },
  { id: 'webp', label: 'WebP', extensions: ['webp'], mimeTypes: ['image/webp'] },
  { id: 'gif', label: 'GIF', extensions: ['gif'], mimeTypes: ['image/gif'] },
  { id: 'avif', label: 'AVIF', extensions: ['avif'], mimeTypes: ['image/avif'] },
  { id: 'tiff', label: 'TIFF', extensions: ['tif', 'tiff'], mimeTypes: ['image/tiff'] },
  {
    id: 'heic',
    label: 'HEIC',
    extensions: ['heic', 'heif'],
    mimeTypes: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
  },
] as const;

export type UploadFormat = (typeof uploadFormats)[number]['id'];

export const uploadFormatLabels: string[] = uploadFormats.map((format) => format.label);

/** Every media type a browser may give an upload's file (a file is also taken by its extension alone). */
export const uploadMimeTypes: string[] = uploadFormats.flatMap((format) => [...format.mimeTypes]);

/** Every extension an upload may have, without the dot. */
export const uploadExtensions: string[] = uploadFormats.flatMap((format) => [...format.extensions]);

/** "JPEG, PNG … and HEIC" in the given language. */
export function uploadFormatsText(language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(uploadFormatLabels);
}
