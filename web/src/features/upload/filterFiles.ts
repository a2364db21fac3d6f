import { uploadExtensions, uploadMimeTypes } from '@lightpix/shared';

export type RejectReason = 'type' | 'size' | 'count';

export interface FileSelection {
  accepted: File[];
  rejected: { name: string; reason: RejectReason }[];
}

const imageExtensions = new RegExp(`\\.(${uploadExtensions.join('|')})$`, 'i');

/** The `accept` attribute matching isImageFile, so the picker offers the same files (HEIC has no image/* type on some systems). */
export const acceptAttribute = ['image/*', ...uploadExtensions.map((extension) => `.${extension}`)].join(',');

/**
 * A file in one of the formats the server takes, by its media type or its extension. Other images (SVG,
 * BMP, ICO) are refused here, at once and with the reason, not after an upload and a row promising a result.
 */
export function isImageFile(file: Pick<File, 'type' | 'name'>): boolean {
  return uploadMimeTypes.includes(file.type.toLowerCase()) || imageExtensions.test(file.name);
}

/**
 * Image rules: images only, at most maxImageBytes each, at most `allowed` files in all.
 * Rejected files are reported, never dropped silently, so the user learns why.
 */
export function filterFiles(files: readonly File[], limits: { maxImageBytes: number; allowed: number }): FileSelection {
  const selection: FileSelection = { accepted: [], rejected: [] };
  for (const file of files) {
    if (!isImageFile(file)) selection.rejected.push({ name: file.name, reason: 'type' });
    else if (file.size > limits.maxImageBytes) selection.rejected.push({ name: file.name, reason: 'size' });
    else if (selection.accepted.length >= limits.allowed) selection.rejected.push({ name: file.name, reason: 'count' });
    else selection.accepted.push(file);
  }
  return selection;
}
