import type { Sharp } from 'sharp';
import type { OutputFormat } from '@lightpix/shared';

/** What we can write: the plan's conversion targets, plus GIF when it is the original's format. */
export type EncodedFormat = OutputFormat | 'gif';

export interface EncodeTuning {
  /** Dithering hides palette banding but costs bytes; smart mode checks SSIM instead and turns it off. */
  paletteDither?: number;
  /** Pixels in the image: palette search effort drops above 4 MP to stay interactive. */
  pixels?: number;
  /** mozjpeg's quantisation table (0–8); smart mode picks one per image, others keep mozjpeg's default (3). */
  jpegTable?: number;
  /** libjpeg-turbo's own tables and quantisation instead of mozjpeg's (smart mode's reference look), written progressive. */
  jpegTurbo?: boolean;
  /** libimagequant's effort (1–10) instead of the one chosen by size: a quick trial palette can be rough. */
  paletteEffort?: number;
  /** Lossless WebP ('smallest format' for graphics): quality is then ignored. */
  webpLossless?: boolean;
  /**
   * AVIF as smart mode writes it (smartTuning sets it): on AVIF's own quality scale (the slider's
   * mapping tops out at 75, short of what camera photos need), libaom tuned for SSIM, 4:2:0 chroma,
   * effort 2 up to 6 MP and 1 above (docs/decisions/0111-smart-avif.md, 0139).
   */
  smartAvif?: boolean;
  /** Smart AVIF's libaom effort instead of the one chosen by size: `auto`'s whole-photo finalist tries 3 (docs/decisions/0310). */
  avifEffort?: number;
}

/**
 * The libaom quantizer (0–63) libheif sets for an AVIF quality, ((100 − quality) × 63 + 50) / 100 rounded
 * down: about one quality in three writes the very same file as its neighbour (77 and 78 both give 14), so
 * searches that step down AVIF's qualities step by this instead, and never encode one file twice
 * (docs/decisions/0302-avif-steps-that-fit-the-deadline.md; smallest.test.ts holds it to the encoder).
 */
export function avifQuantizer(quality: number): number {
  return Math.floor(((100 - quality) * 63 + 50) / 100);
}

/** The AVIF qualities from `low` to `high` that write different files, one per quantizer (the highest quality that gives it), lowest first. */
export function avifQualities(low: number, high: number): number[] {
  const qualities: number[] = [];
  for (let q = low; q <= high; q++) {
    if (q < high && avifQuantizer(q + 1) === avifQuantizer(q)) continue;
    qualities.push(q);
  }
  return qualities;
}

/** Above this many pixels palettes lower their effort, so a 12 MP photo stays interactive. */
const HIGH_EFFORT_PIXELS = 4_000_000;
/**
 * Smart AVIF encodes at effort 2 up to this many pixels and 1 above: effort 2 writes the same look in ~3 %
 * fewer bytes, often a quality step lower; a 12 MP photo stays at 1 for the speed target, while 2560×1600
 * wallpapers and 4–6 MP phone photos, ~1 s at effort 2, no longer fall to 1 (docs/decisions/0139-auto-closer-to-its-ceiling.md).
 */
const SMART_AVIF_EFFORT_2_PIXELS = 6_000_000;

/**
 * Above this many pixels WebP encodes at effort 2 without smart subsampling: a 100 MP PNG took 59 s of
 * CPU and 1.6 GB at effort 4 with it, 5.5 s and 0.6 GB at effort 2 (docs/decisions/0251).
 */
const LARGE_WEBP_PIXELS = 24_000_000;

/** Settings where each encoder is at its best per byte while a 12 MP photo stays interactive on 2 cores. */
export function encode(pipeline: Sharp, format: EncodedFormat, quality: number, tuning: EncodeTuning = {}): Sharp {
  switch (format) {
    case 'jpeg':
      // Progressive with optimised scans: the same coefficients, so the very same pixels, in 2–6 % fewer bytes (docs/decisions/0134).
      if (tuning.jpegTurbo) return pipeline.jpeg({ quality, progressive: true, optimiseScans: true });
      // mozjpeg: trellis quantisation, optimised progressive scans, its own tables.
      return pipeline.jpeg({ quality, mozjpeg: true, ...(tuning.jpegTable === undefined ? {} : { quantisationTable: tuning.jpegTable }) });
    case 'webp':
      if ((tuning.pixels ?? 0) > LARGE_WEBP_PIXELS) return pipeline.webp({ quality, lossless: tuning.webpLossless === true, effort: 2 });
      if (tuning.webpLossless) return pipeline.webp({ lossless: true, effort: 4 });
      return pipeline.webp({ quality, effort: 4, smartSubsample: true });
    case 'avif':
      if (tuning.smartAvif)
        return pipeline.avif({
          quality,
          effort: tuning.avifEffort ?? ((tuning.pixels ?? 0) <= SMART_AVIF_EFFORT_2_PIXELS ? 2 : 1),
          tune: 'ssim',
          chromaSubsampling: '4:2:0',
        });
      // effort 2: the default (4) costs ~15 s of CPU for a 12 MP photo here, effort 2 ~1.5 s.
      return pipeline.avif({ quality: avifQuality(quality), effort: 2 });
    case 'gif':
      // Lossy inter-frame and inter-palette reuse grow with lower quality; 100 keeps every frame exact, and
      // palettes within libvips' default error (3). Palettes shared between frames take an animation from
      // a frame's own palette each to one, ~9 % smaller at quality 75 (docs/decisions/0256).
      return pipeline.gif({
        effort: 7,
        reuse: true,
        interFrameMaxError: Math.round((100 - quality) / 4),
        interPaletteMaxError: Math.max(3, Math.round((100 - quality) / 4)),
      });
    case 'png': {
      // Palette quantisation (libimagequant, TinyPNG's method) below 100; lossless at 100.
      if (quality >= 100) return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
      // Effort 7 makes palettes ~15% smaller; above 4 MP it would cost seconds (~6 s at 12 MP).
      const effort = tuning.paletteEffort ?? ((tuning.pixels ?? 0) <= HIGH_EFFORT_PIXELS ? 7 : 4);
      return pipeline.png({ palette: true, quality, effort, compressionLevel: 9, dither: tuning.paletteDither ?? 1 });
    }
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
