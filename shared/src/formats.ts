/**
 * The image formats an upload may be in, in the order the product names them. The upload hint, the
 * file picker, the FAQ, the pricing cards and the server's refusals all read this one list.
 */
export const uploadFormats = [
  { id: 'jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  { id: 'png', label: 'PNG', extensions: ['png'] },
  { id: 'webp', label: 'WebP', extensions: ['webp'] },
  { id: 'gif', label: 'GIF', extensions: ['gif'] },
  { id: 'avif', label: 'AVIF', extensions: ['avif'] },
  { id: 'tiff', label: 'TIFF', extensions: ['tif', 'tiff'] },
  { id: 'heic', label: 'HEIC', extensions: ['heic', 'heif'] },
] as const;

export type UploadFormat = (typeof uploadFormats)[number]['id'];

export const uploadFormatLabels: string[] = uploadFormats.map((format) => format.label);

/** Every extension an upload may have, without the dot. */
export const uploadExtensions: string[] = uploadFormats.flatMap((format) => [...format.extensions]);

/** "JPEG, PNG … and HEIC" in the given language. */
export function uploadFormatsText(language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(uploadFormatLabels);
}
