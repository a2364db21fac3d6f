/**
 * Better packing for every PNG we write: oxipng (through @napi-rs/image) tries each row filter and
 * deflate strategy on the very same pixels, where libvips writes a palette with no filter at all. On
 * the tuning graphics it took 5–11 % off smart PNG's palettes, and 40 % off a flat wallpaper's
 * (docs/decisions/0265-graphics-packed-by-oxipng.md). The pixels do not change, so neither does the look.
 */

/** Palettes up to this many pixels are packed: a 3640×2400 wallpaper costs ~3.5 s of CPU, within a job's limit. */
const PALETTE_PACK_PIXELS = 10_000_000;
/** Truecolour (lossless) PNGs can cost far more to pack: a 16 MP one took 20 s of CPU here. */
const TRUECOLOUR_PACK_PIXELS = 2_500_000;

/** PNG's colour type, from the IHDR chunk: 3 is a palette. */
function colourType(png: Buffer): number | null {
  return png.length > 25 && png.toString('latin1', 12, 16) === 'IHDR' ? png[25]! : null;
}

/** Whether `png` is a palette PNG (IHDR colour type 3). */
export const isPalettePng = (png: Buffer): boolean => colourType(png) === 3;

/** Whether packing `png` of `pixels` pixels fits a job's time: palettes up to 10 MP, other PNGs up to 2.5 MP. */
export function worthPacking(png: Buffer, pixels: number): boolean {
  const type = colourType(png);
  if (type === null) return false;
  return pixels <= (type === 3 ? PALETTE_PACK_PIXELS : TRUECOLOUR_PACK_PIXELS);
}

/**
 * The same PNG, packed smaller when oxipng finds a way; else the PNG as it came. Ancillary chunks are
 * kept (kept metadata is written afterwards anyway); a file oxipng cannot read comes back unchanged.
 */
export async function packPng(png: Buffer, pixels: number): Promise<Buffer> {
  if (!worthPacking(png, pixels)) return png;
  // Loaded with the first PNG packed: only job processes pack (docs/decisions/0280-idle-memory-second-round.md).
  const { losslessCompressPng } = await import('@napi-rs/image');
  try {
    const packed = await losslessCompressPng(png);
    return packed.length < png.length ? packed : png;
  } catch {
    return png;
  }
}
