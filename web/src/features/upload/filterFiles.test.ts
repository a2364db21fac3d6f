import { describe, expect, it } from 'vitest';
import { filterFiles, isImageFile } from './filterFiles';

function file(name: string, type: string, bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('filterFiles', () => {
  it('keeps images by type or by extension', () => {
    expect(isImageFile(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isImageFile(file('scan.TIFF', ''))).toBe(true);
    expect(isImageFile(file('photo.avif', 'application/octet-stream'))).toBe(true);
    expect(isImageFile(file('IMG_0001.HEIC', ''))).toBe(true);
    expect(isImageFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isImageFile(file('deck.pptx', ''))).toBe(false);
    // Images the server does not take are refused at once, with the reason, not after an upload.
    expect(isImageFile(file('logo.svg', 'image/svg+xml'))).toBe(false);
    expect(isImageFile(file('scan.bmp', 'image/bmp'))).toBe(false);
    // A pasted screenshot has a type and a made-up name.
    expect(isImageFile(file('image', 'image/png'))).toBe(true);
  });

  it('rejects wrong types, files over the limit, and files past the allowed count', () => {
    const result = filterFiles(
      [file('a.txt', 'text/plain'), file('big.png', 'image/png', 101), file('b.png', 'image/png'), file('c.webp', 'image/webp')],
      { maxImageBytes: 100, allowed: 1 },
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['b.png']);
    expect(result.rejected).toEqual([
      { name: 'a.txt', reason: 'type' },
      { name: 'big.png', reason: 'size' },
      { name: 'c.webp', reason: 'count' },
    ]);
  });

  it('accepts a file exactly at the size limit', () => {
    expect(filterFiles([file('a.png', 'image/png', 100)], { maxImageBytes: 100, allowed: 5 }).accepted).toHaveLength(1);
  });
});
