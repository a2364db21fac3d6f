import type { Sharp } from 'sharp';
import type { OutputFormat } from '@lightpix/shared';

/** What we can write: the plan's conversion targets, plus GIF when it is the original's format. */
export type EncodedFormat = OutputFormat | 'gif';

/** Settings where each encoder is at its best per byte while a 12 MP photo stays interactive on 2 cores. */
export function encode(pipeline: Sharp, format: EncodedFormat, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      // mozjpeg: trellis quantisation, optimised progressive scans, its own tables.
      return pipeline.jpeg({ quality, mozjpeg: true });
    case 'webp':
      return pipeline.webp({ quality, effort: 4, smartSubsample: true });
    case 'avif':
      // effort 2: the default (4) costs ~15 s of CPU for a 12 MP photo here, effort 2 ~1.5 s.
      return pipeline.avif({ quality: avifQuality(quality), effort: 2 });
    case 'gif':
      // Lossy inter-frame reuse grows with lower quality; 100 keeps every frame exact.
      return pipeline.gif({ effort: 7, reuse: true, interFrameMaxError: Math.round((100 - quality) / 4) });
    case 'png':
      // Palette quantisation (libimagequant, TinyPNG's method) below 100; lossless at 100.
      return quality < 100
        ? pipeline.png({ palette: true, quality, effort: 4, compressionLevel: 9 })
        : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  }
}

/** AVIF's scale runs lower than JPEG's for the same look; this keeps the slider's meaning across formats. */
function avifQuality(quality: number): number {
  return Math.max(1, Math.min(100, Math.round(quality * 0.8 - 5)));
}

/** Formats whose encoders keep every frame of an animation. */
export function keepsAnimation(format: EncodedFormat): boolean {
  return format === 'gif' || format === 'webp';
}
